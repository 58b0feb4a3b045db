#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{a as r}from"./chunk-6RWXROKK.js";var o=class extends r{constructor(d,e,a){super(e,a);this.code=d}code;name="ApiError";kind="decision"},n=class extends r{constructor(d,e){super(e);this.code=d}code;name="LlmInputError";kind="input"};export{o as a,n as b};
