#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
var n=class extends Error{constructor(e,s,i,c,o){super(e,o);this.scenario=s;this.condition=i;this.source=c}scenario;condition;source;name="HarnessError"};function u(r){return`${r.file}:${r.line}:${r.col}`}function a(r){return r instanceof Error?`${r.name}: ${r.message}`:String(r)}export{n as a,u as b,a as c};
