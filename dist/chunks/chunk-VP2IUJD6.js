#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
var o=/[\x00-\x1f\x7f-\x9f\u2028\u2029]/g;function e(r){return r.replace(o,n=>{let t=n.charCodeAt(0);return t<=255?`\\x${t.toString(16).padStart(2,"0")}`:`\\u${t.toString(16)}`})}export{e as a};
