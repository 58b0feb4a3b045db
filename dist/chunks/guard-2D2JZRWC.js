#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{q as b,r as c,s as d}from"./chunk-W37YKH3K.js";import"./chunk-BSGEEJPO.js";import"./chunk-KTEUP7QS.js";import"./chunk-L54EM3U4.js";import"./chunk-ZHKUU3AI.js";import{a}from"./chunk-DOLK44NO.js";import"./chunk-6RWXROKK.js";import"./chunk-IFFA66B4.js";export{a as BaselineError,b as compareWithBaseline,d as suiteViolations,c as widenedViolations};
