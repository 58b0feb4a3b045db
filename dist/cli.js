#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{a as s}from"./chunks/chunk-MI4KCVF3.js";import"./chunks/chunk-KGSL6RYX.js";var i=`usage:
  delegation-bench run [--scenarios PATH]... [--scenario NAME]... [--format table|markdown|json]
                       [--out FILE] [--max-asr PCT] [--min-tcr PCT] [--seed S] [--timings]
  delegation-bench validate [--scenarios PATH]...
  delegation-bench warrant decode TOKEN
  delegation-bench warrant verify --trusted-root HEX [--now UNIX] [--revoked ID]...
                       [--tool T --args JSON [--pop HEX | --holder-key SEEDHEX]] TOKEN...
`,m={run:async()=>(await import("./chunks/run-6P7CEPMQ.js")).runCommand,validate:async()=>(await import("./chunks/validate-3QNS77GQ.js")).validateCommand,warrant:async()=>(await import("./chunks/warrant-2IXO2UWB.js")).warrantCommand};async function d(e,r){let[n,...c]=e;if(n===void 0||n==="--help"||n==="-h"||n==="help")return(n===void 0?r.stderr:r.stdout)(i),n===void 0?2:0;let a=m[n];if(!a)return r.stderr(`delegation-bench: unknown command '${n}'
${i}`),2;try{return await(await a())(c,r)}catch(t){if(t instanceof s)return r.stderr(`delegation-bench ${n}: ${t.message}
`),2;throw t}}var u={stdout:e=>{process.stdout.write(e)},stderr:e=>{process.stderr.write(e)},readStdin:async()=>{let e=[];for await(let r of process.stdin)e.push(r);return Buffer.concat(e).toString("utf8")},cwd:process.cwd()};d(process.argv.slice(2),u).then(e=>{process.exitCode=e},e=>{let r=process.env.DELEGATION_BENCH_DEBUG?e.stack:e.message;process.stderr.write(`delegation-bench: internal error: ${r}
`),process.exitCode=70});
