#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
function e(r,n,t=`${n}s`){return`${r} ${r===1?n:t}`}export{e as a};
