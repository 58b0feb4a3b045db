#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{b as a,c as b,d as c,e as d}from"./chunk-MWWIHBNR.js";import"./chunk-MI4KCVF3.js";import"./chunk-ILIUCBW2.js";import"./chunk-FEYGTUEW.js";import"./chunk-BSGEEJPO.js";import"./chunk-ETEXBW4O.js";import"./chunk-M6SWO62D.js";import"./chunk-IFFA66B4.js";export{a as EXIT_INTERRUPTED,c as llmConfig,d as llmEdges,b as readResultsJson};
