#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{r as b,s as c,t as d}from"./chunk-IV5JOQ7G.js";import"./chunk-BSGEEJPO.js";import"./chunk-EUMXQDG4.js";import"./chunk-S6MOPHTE.js";import"./chunk-2ZJX6CML.js";import{a}from"./chunk-DOLK44NO.js";import"./chunk-6RWXROKK.js";import"./chunk-IFFA66B4.js";export{a as BaselineError,b as compareWithBaseline,d as suiteViolations,c as widenedViolations};
