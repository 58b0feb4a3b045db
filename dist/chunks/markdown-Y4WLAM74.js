#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{a,b,c,d}from"./chunk-TYSP5OIC.js";import"./chunk-KGSL6RYX.js";export{d as escapeText,c as pct,b as renderMarkdown,a as reportMarker};
