#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
function e(r,t,n=`${t}s`){return`${r} ${r===1?t:n}`}export{e as a};
