#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
var t=["no_warrant","broad","task_scoped"];var i=2;function r(e){if(!Number.isFinite(e))return 0;let n=Math.round(e*1e3)/10;return n>=100&&e<1?99.9:n<=0&&e>0?.1:Object.is(n,-0)?0:n}function l(e){return`${r(e)}%`}export{t as a,i as b,r as c,l as d};
