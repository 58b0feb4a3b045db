#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{a as o}from"./chunk-MI4KCVF3.js";import{a as l}from"./chunk-VSUDCKBM.js";import"./chunk-D6PTWKMD.js";import{a as c}from"./chunk-LHSV7VHU.js";import"./chunk-3ESATVY2.js";import"./chunk-KGSL6RYX.js";var a=`usage: delegation-bench validate [--scenarios PATH]...
  --scenarios PATH   a scenario file or a folder of them (*.yaml, *.yml); may repeat;
                     'builtin' is the built-in suite (the default)`;function m(r){let s=[];for(let t=0;t<r.length;t++){let n=r[t];if(n==="--help"||n==="-h")return{scenarios:s,help:!0};if(n==="--scenarios"){let e=r[++t];if(e===void 0||e==="")throw new o(`--scenarios needs a PATH
${a}`);s.push(e)}else if(n.startsWith("--scenarios=")){let e=n.slice(12);if(e==="")throw new o(`--scenarios needs a PATH
${a}`);s.push(e)}else throw n.startsWith("-")?new o(`unknown option '${n}'
${a}`):new o(`unexpected argument '${n}' (use --scenarios ${n})
${a}`)}return{scenarios:s,help:!1}}var w=async(r,s)=>{let{scenarios:t,help:n}=m(r);if(n)return s.stdout(`${a}
`),0;try{let e=await l(t,s.cwd),i=e.length;return s.stdout(`ok: ${i} scenario${i===1?"":"s"} (${e.map(u=>u.name).join(", ")})
`),0}catch(e){if(e instanceof c)return s.stderr(`${e.format()}
${e.message}
`),2;throw e}};export{m as parseValidateArgs,w as validateCommand};
