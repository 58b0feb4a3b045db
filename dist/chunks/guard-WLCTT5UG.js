#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{p as a,q as b,r as c,s as d}from"./chunk-TABKNTU4.js";import"./chunk-QREG64YW.js";import"./chunk-NZA2AZJU.js";import"./chunk-WFECUCBA.js";import"./chunk-6RWXROKK.js";import"./chunk-BSGEEJPO.js";import"./chunk-IFFA66B4.js";export{a as BaselineError,b as compareWithBaseline,d as suiteViolations,c as widenedViolations};
