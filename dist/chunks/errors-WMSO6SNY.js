#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{a,b,c}from"./chunk-LHSV7VHU.js";import"./chunk-KGSL6RYX.js";export{a as ScenarioError,b as formatProblem,c as sortProblems};
