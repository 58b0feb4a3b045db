#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{g as a,h as b,i as c}from"./chunk-3GU3IGJ3.js";import"./chunk-ILIUCBW2.js";import"./chunk-NN4EON6S.js";import"./chunk-KH5VZCMN.js";import"./chunk-M6SWO62D.js";import"./chunk-AKO7VLCG.js";import"./chunk-HALQSEEM.js";import"./chunk-IFFA66B4.js";export{b as assemble,c as runLlm,a as sameRun};
