#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
function t(r){if(!Number.isFinite(r))return 0;let e=Math.round(r*1e3)/10;return e>=100&&r<1?99.9:e<=0&&r>0?.1:Object.is(e,-0)?0:e}function n(r){return`${t(r)}%`}export{t as a,n as b};
