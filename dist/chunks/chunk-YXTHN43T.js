#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
var o=["no_warrant","broad","task_scoped"];export{o as a};
