#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{a,b,c,d}from"./chunk-P4CNWH2H.js";import"./chunk-EUMXQDG4.js";import"./chunk-2ZJX6CML.js";import"./chunk-6RWXROKK.js";import"./chunk-IFFA66B4.js";export{d as gatherFileLoads,c as loadFileRange,b as loadScenarioFileSet,a as loadScenarioFiles};
