#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{l as a,m as b,n as c,o as d}from"./chunk-WLEKW7D4.js";import"./chunk-YVZZASFX.js";import"./chunk-WDWTAY6W.js";import"./chunk-NBZQQTSZ.js";import"./chunk-IXWCDHKM.js";import"./chunk-F6PG5ARX.js";import"./chunk-ETEXBW4O.js";import"./chunk-KGSL6RYX.js";export{a as EXIT_INTERRUPTED,d as llmExitCode,b as readResultsJson,c as runLlmStage};
