#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{q as b,r as c,s as d}from"./chunk-M6UATTLS.js";import"./chunk-BSGEEJPO.js";import"./chunk-KTEUP7QS.js";import"./chunk-FPCLC6ZC.js";import"./chunk-ZHKUU3AI.js";import{a}from"./chunk-SFIRJPGR.js";import"./chunk-6RWXROKK.js";import"./chunk-IFFA66B4.js";export{a as BaselineError,b as compareWithBaseline,d as suiteViolations,c as widenedViolations};
