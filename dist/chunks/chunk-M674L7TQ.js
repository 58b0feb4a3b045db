#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
function c(s,e,t,r){if(t==="both")return{...s,mode:t,llm:e};let{scenario_info:o,probes:a,mutants:n,coverage:u,slack:i,...l}=s;return{...l,mode:t,scenarios:[...r],trials:[],summary:{},llm:e}}function p(s){return s.gate.passed&&(s.llm?.gate?.passed??!0)}export{c as a,p as b};
