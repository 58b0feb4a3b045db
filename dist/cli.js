#!/usr/bin/env node
import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a as s}from"./chunks/chunk-V4SYO7GZ.js";var i=`usage:
  delegation-bench run [--scenarios PATH]... [--scenario NAME]... [--format table|markdown|json]
                       [--out FILE] [--max-asr PCT] [--min-tcr PCT] [--seed S] [--timings]
  delegation-bench validate [--scenarios PATH]...
  delegation-bench warrant decode TOKEN
  delegation-bench warrant verify --trusted-root HEX [--now UNIX] [--revoked ID]...
                       [--tool T --args JSON [--pop HEX | --holder-key SEEDHEX]] TOKEN...
`,c={run:async()=>(await import("./chunks/run-OMQUOW2W.js")).runCommand,validate:async()=>(await import("./chunks/validate-UYEJKMWI.js")).validateCommand,warrant:async()=>(await import("./chunks/warrant-ZFWKQBA2.js")).warrantCommand};async function m(e,r){let[n,...d]=e;if(n===void 0||n==="--help"||n==="-h"||n==="help")return(n===void 0?r.stderr:r.stdout)(i),n===void 0?2:0;let a=c[n];if(!a)return r.stderr(`delegation-bench: unknown command '${n}'
${i}`),2;try{return await(await a())(d,r)}catch(t){if(t instanceof s)return r.stderr(`delegation-bench ${n}: ${t.message}
`),2;throw t}}var u={stdout:e=>{process.stdout.write(e)},stderr:e=>{process.stderr.write(e)},readStdin:async()=>{let e=[];for await(let r of process.stdin)e.push(r);return Buffer.concat(e).toString("utf8")},cwd:process.cwd()};m(process.argv.slice(2),u).then(e=>{process.exitCode=e},e=>{let r=process.env.DELEGATION_BENCH_DEBUG?e.stack:e.message;process.stderr.write(`delegation-bench: internal error: ${r}
`),process.exitCode=70});export{m as main};
