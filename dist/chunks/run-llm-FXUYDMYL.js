#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{g as a,h as b,i as c}from"./chunk-7PNIBVRC.js";import"./chunk-ILIUCBW2.js";import"./chunk-5C6HZVDR.js";import"./chunk-KH5VZCMN.js";import"./chunk-M6SWO62D.js";import"./chunk-WVH7W24S.js";import"./chunk-SHER2INI.js";import"./chunk-IFFA66B4.js";export{b as assemble,c as runLlm,a as sameRun};
