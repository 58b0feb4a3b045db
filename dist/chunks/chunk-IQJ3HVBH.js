#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
var r=["no_warrant","broad","task_scoped"];function t(e){if(!Number.isFinite(e))return 0;let n=Math.round(e*1e3)/10;return n>=100&&e<1?99.9:n<=0&&e>0?.1:Object.is(n,-0)?0:n}function a(e){return`${t(e)}%`}export{r as a,t as b,a as c};
