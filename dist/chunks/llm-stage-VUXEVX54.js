#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{q as a,r as b,s as c}from"./chunk-GUD2JY62.js";import"./chunk-NZA2AZJU.js";import"./chunk-WFECUCBA.js";import"./chunk-PLGMFKFG.js";import"./chunk-6RWXROKK.js";import"./chunk-IFFA66B4.js";export{b as assemble,c as llmStage,a as sameRun};
