#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{g as a,h as b,i as c}from"./chunk-27JDMXCP.js";import"./chunk-PLGMFKFG.js";import"./chunk-BCI4WTSF.js";import"./chunk-HRUQVD5H.js";import"./chunk-UBTIMBL5.js";import"./chunk-YXTHN43T.js";import"./chunk-ENNWEP54.js";import"./chunk-ADG2DF62.js";import"./chunk-ZKHTEQVI.js";import"./chunk-6RWXROKK.js";import"./chunk-IFFA66B4.js";export{b as assemble,c as llmStage,a as sameRun};
