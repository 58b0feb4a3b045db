#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{g as a,h as b,i as c}from"./chunk-EXLMDFMV.js";import"./chunk-ILIUCBW2.js";import"./chunk-6RELVZQC.js";import"./chunk-KH5VZCMN.js";import"./chunk-M6SWO62D.js";import"./chunk-DYJWEHK6.js";import"./chunk-SCHP5T4N.js";import"./chunk-IFFA66B4.js";export{b as assemble,c as runLlm,a as sameRun};
