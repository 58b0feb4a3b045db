#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
var r=/[\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g,t=/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;function u(e){return`\\u${e.charCodeAt(0).toString(16).toUpperCase().padStart(4,"0")}`}function c(e){return e.replace(r,u).replace(t,u).replace(/&/g,"&amp;").replace(/</g,"&lt;").replace(/>/g,"&gt;")}export{r as a,u as b,c};
