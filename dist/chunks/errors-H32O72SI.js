#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{a,b,c}from"./chunk-QKNNJJON.js";import"./chunk-KGSL6RYX.js";export{a as HarnessError,c as describeError,b as formatSource};
