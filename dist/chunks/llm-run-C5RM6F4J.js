#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{l as a,m as b,n as c,o as d}from"./chunk-PF3GB2BJ.js";import"./chunk-HCKQT7HH.js";import"./chunk-K7W3GTZ2.js";import"./chunk-BPUJVIKL.js";import"./chunk-NBZQQTSZ.js";import"./chunk-BC2H3U2Z.js";import"./chunk-EFY5WCSG.js";import"./chunk-JU2KK7LM.js";import"./chunk-ETEXBW4O.js";import"./chunk-IFFA66B4.js";export{a as EXIT_INTERRUPTED,d as llmExitCode,b as readResultsJson,c as runLlmStage};
