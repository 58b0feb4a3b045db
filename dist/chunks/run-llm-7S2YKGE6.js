#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{f as a,g as b,h as c}from"./chunk-7F5KXX33.js";import"./chunk-QPHZGRKH.js";import"./chunk-QLNKY4UP.js";import"./chunk-ILIUCBW2.js";import"./chunk-IFFA66B4.js";export{b as assemble,c as runLlm,a as sameRun};
