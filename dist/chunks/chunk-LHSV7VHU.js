#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
var o=class extends Error{name="ScenarioError";problems;constructor(r){let n=s(r);super(t(n)),this.problems=n}format(){return this.problems.map(l).join(`
`)}};function l(e){return e.line>0?`${e.file}:${e.line}:${e.col}: ${e.message}`:`${e.file}: ${e.message}`}function t(e){let r=new Set(e.map(i=>i.file)).size,n=e.length;return`${n} problem${n===1?"":"s"} in ${r} scenario file${r===1?"":"s"}`}function s(e){return[...e].sort((r,n)=>m(r.file,n.file)||r.line-n.line||r.col-n.col)}function m(e,r){return e<r?-1:e>r?1:0}export{o as a,l as b,s as c};
