#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{l as a,m as b,n as c,o as d}from"./chunk-O7ZGSM7Y.js";import"./chunk-ZKCKC7ZG.js";import"./chunk-K7W3GTZ2.js";import"./chunk-BPUJVIKL.js";import"./chunk-NBZQQTSZ.js";import"./chunk-KGUVVSBT.js";import"./chunk-344A43QD.js";import"./chunk-2CQZMOVG.js";import"./chunk-ETEXBW4O.js";import"./chunk-IFFA66B4.js";export{a as EXIT_INTERRUPTED,d as llmExitCode,b as readResultsJson,c as runLlmStage};
