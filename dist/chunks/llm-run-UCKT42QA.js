#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{b as a,c as b,d as c,e as d}from"./chunk-ISWPHTHD.js";import"./chunk-7I3UXFVT.js";import"./chunk-PLGMFKFG.js";import"./chunk-VSO2PDEZ.js";import"./chunk-D656GGMF.js";import"./chunk-BSGEEJPO.js";import"./chunk-E32IIXFX.js";import"./chunk-YXTHN43T.js";import"./chunk-ZKHTEQVI.js";import"./chunk-6RWXROKK.js";import"./chunk-IFFA66B4.js";export{a as EXIT_INTERRUPTED,c as llmConfig,d as llmEdges,b as readResultsJson};
