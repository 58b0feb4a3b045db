#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
var e=["no_warrant","broad","task_scoped"];var o=2;export{e as a,o as b};
