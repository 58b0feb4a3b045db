#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{g as a,h as b,i as c}from"./chunk-P6REWYBQ.js";import"./chunk-PLGMFKFG.js";import"./chunk-D656GGMF.js";import"./chunk-6YIXZXZW.js";import"./chunk-UBTIMBL5.js";import"./chunk-YXTHN43T.js";import"./chunk-3IFO33NT.js";import"./chunk-L6KRJYDI.js";import"./chunk-ZKHTEQVI.js";import"./chunk-6RWXROKK.js";import"./chunk-IFFA66B4.js";export{b as assemble,c as llmStage,a as sameRun};
