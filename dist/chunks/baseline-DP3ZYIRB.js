#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{i as a,q as b,r as c,s as d}from"./chunk-XQDMARHU.js";import"./chunk-VJ3XTKLM.js";import"./chunk-QPHZGRKH.js";import"./chunk-QLNKY4UP.js";import"./chunk-BSGEEJPO.js";import"./chunk-IFFA66B4.js";export{a as BaselineError,b as runBaseline,d as suiteViolations,c as widenedViolations};
