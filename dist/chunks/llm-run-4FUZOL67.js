#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{l as a,m as b,n as c,o as d}from"./chunk-ZQXXRVVL.js";import"./chunk-HH3GKI7M.js";import"./chunk-L2JX3OFI.js";import"./chunk-IQJ3HVBH.js";import"./chunk-ZZGHIRAJ.js";import"./chunk-KGSL6RYX.js";export{a as EXIT_INTERRUPTED,d as llmExitCode,b as readResultsJson,c as runLlmStage};
