#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{l as a,m as b,n as c,o as d}from"./chunk-2D7SDP4T.js";import"./chunk-NXXCC7NB.js";import"./chunk-2NUIIEVF.js";import"./chunk-BPUJVIKL.js";import"./chunk-NBZQQTSZ.js";import"./chunk-4JSS5BGF.js";import"./chunk-OKLBWPXZ.js";import"./chunk-ETEXBW4O.js";import"./chunk-IFFA66B4.js";export{a as EXIT_INTERRUPTED,d as llmExitCode,b as readResultsJson,c as runLlmStage};
