#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{a as e}from"./chunk-6RWXROKK.js";var o=0,d=1,i=2,r=class extends e{name="UsageError";code="usage";kind="input"};export{o as a,d as b,i as c,r as d};
