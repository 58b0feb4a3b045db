#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{l as a,m as b,n as c,o as d}from"./chunk-5WLYEAUC.js";import"./chunk-2WWT32OS.js";import"./chunk-GAOXVZEB.js";import"./chunk-IQJ3HVBH.js";import"./chunk-NGGGTDG6.js";import"./chunk-FLHTBRJE.js";import"./chunk-Q2YMS6RM.js";import"./chunk-KGSL6RYX.js";export{a as EXIT_INTERRUPTED,d as llmExitCode,b as readResultsJson,c as runLlmStage};
