#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{a as o}from"./chunks/chunk-MI4KCVF3.js";import"./chunks/chunk-KGSL6RYX.js";var d=`usage:
  delegation-bench run [--scenarios PATH]... [--scenario NAME]... [--format table|markdown|json]
                       [--out FILE] [--max-asr PCT] [--min-tcr PCT] [--seed S] [--timings]
  delegation-bench validate [--scenarios PATH]...
  delegation-bench warrant decode TOKEN
  delegation-bench warrant verify --trusted-root HEX [--now UNIX] [--revoked ID]...
                       [--tool T --args JSON [--pop HEX | --holder-key SEEDHEX]] TOKEN...
`,m={run:async()=>(await import("./chunks/run-HFBVV2SF.js")).runCommand,validate:async()=>(await import("./chunks/validate-3QNS77GQ.js")).validateCommand,warrant:async()=>(await import("./chunks/warrant-LFKWC656.js")).warrantCommand};async function c(e,n){let[r,...t]=e;if(r===void 0||r==="--help"||r==="-h"||r==="help")return(r===void 0?n.stderr:n.stdout)(d),r===void 0?2:0;let i=m[r];if(!i)return n.stderr(`delegation-bench: unknown command '${r}'
${d}`),2;try{return await(await i())(t,n)}catch(s){if(s instanceof o)return n.stderr(`delegation-bench ${r}: ${s.message}
`),2;throw s}}var u={stdout:e=>{process.stdout.write(e)},stderr:e=>{process.stderr.write(e)},readStdin:async e=>{let n=[],r=0;for await(let t of process.stdin){if(r+=t.length,r>e)throw new o(`stdin is larger than ${e} bytes`);n.push(t)}return Buffer.concat(n).toString("utf8")},cwd:process.cwd()};c(process.argv.slice(2),u).then(e=>{process.exitCode=e},e=>{let n=process.env.DELEGATION_BENCH_DEBUG?e.stack:e.message;process.stderr.write(`delegation-bench: internal error: ${n}
`),process.exitCode=70});
