#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{l as a,m as b,n as c,o as d}from"./chunk-64LKJJXI.js";import"./chunk-5QP6WAH6.js";import"./chunk-AMKHSMY7.js";import"./chunk-BPUJVIKL.js";import"./chunk-NBZQQTSZ.js";import"./chunk-RE7PBSTK.js";import"./chunk-L6FPVJ7Q.js";import"./chunk-NNC24LX4.js";import"./chunk-ETEXBW4O.js";import"./chunk-IFFA66B4.js";export{a as EXIT_INTERRUPTED,d as llmExitCode,b as readResultsJson,c as runLlmStage};
