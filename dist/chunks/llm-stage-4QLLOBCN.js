#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{s as a,t as b,u as c}from"./chunk-IJP3SRG3.js";import"./chunk-S6MOPHTE.js";import"./chunk-2ZJX6CML.js";import"./chunk-PLGMFKFG.js";import"./chunk-6RWXROKK.js";import"./chunk-IFFA66B4.js";export{b as assemble,c as llmStage,a as sameRun};
