#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{a as r}from"./chunk-MI4KCVF3.js";import"./chunk-KGSL6RYX.js";import{mkdir as A,writeFile as x}from"node:fs/promises";import{dirname as F,resolve as P}from"node:path";import{parseArgs as S}from"node:util";var b=`usage: delegation-bench run [--scenarios PATH]... [--scenario NAME]...
                           [--format table|markdown|json] [--out FILE]
                           [--max-asr PCT] [--min-tcr PCT] [--seed S] [--timings]

Replays every scenario under no_warrant, broad and task_scoped warrants and gates on task_scoped.

  --scenarios PATH   a scenario file or folder; repeatable; 'builtin' is the built-in suite
                     (the default when none is given)
  --scenario NAME    run only this scenario; repeatable
  --format F         table (default), markdown or json
  --out FILE         write the report in --format to FILE; the console then shows the table
  --max-asr PCT      highest task_scoped attack success rate that passes, in percent (default 0)
  --min-tcr PCT      lowest task_scoped task completion rate that passes, in percent (default 100)
  --seed S           seed for keys, warrant ids and timestamps (default "delegation-bench");
                     the same seed gives byte-identical results
  --timings          add durations to the results (they make the output differ between runs)

With --format json or markdown and no --out, the report goes to stdout and a failed gate's
violations to stderr.

exit codes: 0 gate passed, 1 gate failed (violations listed by scenario), 2 bad input or usage,
or a harness error (the run could not be carried out as written; it is never counted as a denial)
`,f=["table","markdown","json"],h=1024;function w(m,n){let e=n.trim().replace(/%$/,"");if(!/^\d+(\.\d+)?$/.test(e))throw new r(`${m} expects a percentage between 0 and 100, got '${n}'`);let s=Number(e);if(s>100)throw new r(`${m} expects a percentage between 0 and 100, got '${n}'`);return s/100}function _(m){let n;try{n=S({args:m,strict:!0,allowPositionals:!1,options:{scenarios:{type:"string",multiple:!0},scenario:{type:"string",multiple:!0},format:{type:"string"},out:{type:"string"},"max-asr":{type:"string"},"min-tcr":{type:"string"},seed:{type:"string"},timings:{type:"boolean"},help:{type:"boolean",short:"h"}}})}catch(a){throw new r(`${a.message}
${b}`)}let e=n.values,s=e.format??"table";if(!f.includes(s))throw new r(`--format must be one of ${f.join(", ")}, got '${s}'`);let c=e.seed??"delegation-bench";if(c.length===0||c.length>h)throw new r(`--seed must be 1 to ${h} characters`);if(e.out!==void 0&&e.out.trim()==="")throw new r("--out needs a file name");return{inputs:e.scenarios??[],names:e.scenario??[],format:s,out:e.out,maxAsr:e["max-asr"]===void 0?0:w("--max-asr",e["max-asr"]),minTcr:e["min-tcr"]===void 0?1:w("--min-tcr",e["min-tcr"]),seed:c,timings:e.timings??!1,help:e.help??!1}}var R=async(m,n)=>{let e=_(m);if(e.help)return n.stdout(b),0;let[{loadScenarios:s},{ScenarioError:c}]=await Promise.all([import("./load-UONUPDEK.js"),import("./errors-WMSO6SNY.js")]),a;try{a=await s(e.inputs,n.cwd)}catch(t){if(t instanceof c)return n.stderr(`${t.format()}
${t.message}
`),2;throw t}if(e.names.length>0){let t=new Set(a.map(i=>i.name)),l=e.names.filter(i=>!t.has(i));if(l.length>0)throw new r(`unknown scenario${l.length===1?"":"s"} ${l.map(i=>`'${i}'`).join(", ")}; known: ${[...t].join(", ")}`);let E=new Set(e.names);a=a.filter(i=>E.has(i.name))}if(a.length===0)throw new r("no scenarios to run");let[{runBenchmark:y},{HarnessError:k},{renderTable:$}]=await Promise.all([import("./run-2APVOH2N.js"),import("./errors-H32O72SI.js"),import("./table-T7WZVGVC.js")]),o;try{o=y({scenarios:a,maxAsr:e.maxAsr,minTcr:e.minTcr,seed:e.seed,timings:e.timings})}catch(t){if(t instanceof k)return n.stderr(`delegation-bench run: harness error, run aborted: ${t.message}
`),2;throw t}let u=$(o),d;if(e.format==="json"?d=(await import("./json-LYR5JHZH.js")).renderJson(o):e.format==="markdown"?d=(await import("./markdown-Y4WLAM74.js")).renderMarkdown(o,{name:"delegation-bench"}):d=u,e.out!==void 0){let t=P(n.cwd,e.out);try{await A(F(t),{recursive:!0}),await x(t,d)}catch(l){throw new r(`cannot write ${e.out}: ${l.message}`)}n.stdout(u)}else if(n.stdout(d),e.format!=="table"&&!o.gate.passed){let{gateLines:t}=await import("./table-T7WZVGVC.js");n.stderr(t(o).join(`
`)+`
`)}return o.gate.passed?0:1};export{b as RUN_HELP,w as parsePercent,R as runCommand};
