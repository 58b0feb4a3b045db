#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
var r=class extends Error{constructor(s,e,d){super(e,d);this.code=s}code;name="ApiError"},o=class extends Error{constructor(s,e){super(e);this.code=s}code;name="LlmInputError"};export{r as a,o as b};
