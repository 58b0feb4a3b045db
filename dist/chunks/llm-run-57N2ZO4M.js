#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{l as a,m as b,n as c,o as d}from"./chunk-UVAUGYWP.js";import"./chunk-AGG5GDQH.js";import"./chunk-K7W3GTZ2.js";import"./chunk-BPUJVIKL.js";import"./chunk-NBZQQTSZ.js";import"./chunk-NNBQ3P5U.js";import"./chunk-JU2KK7LM.js";import"./chunk-ETEXBW4O.js";import"./chunk-IFFA66B4.js";export{a as EXIT_INTERRUPTED,d as llmExitCode,b as readResultsJson,c as runLlmStage};
