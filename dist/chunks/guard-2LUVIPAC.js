#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{p as b,q as c,r as d}from"./chunk-C7AO3QZU.js";import"./chunk-BSGEEJPO.js";import"./chunk-NNF6K5CT.js";import"./chunk-M7OJOHAS.js";import"./chunk-WFECUCBA.js";import{a}from"./chunk-SFIRJPGR.js";import"./chunk-6RWXROKK.js";import"./chunk-IFFA66B4.js";export{a as BaselineError,b as compareWithBaseline,d as suiteViolations,c as widenedViolations};
