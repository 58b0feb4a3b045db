#!/usr/bin/env node
import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
var e=["no_warrant","broad","task_scoped"];export{e as a};
