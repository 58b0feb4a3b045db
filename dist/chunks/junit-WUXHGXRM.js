#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{a as f}from"./chunk-E32IIXFX.js";import"./chunk-IFFA66B4.js";var F=8e3;function t(e){let i=e.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,"\uFFFD").replace(/[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g,"\uFFFD");return(i.length<=F?i:`${i.slice(0,F)}\u2026`).replace(/&/g,"&amp;").replace(/</g,"&lt;").replace(/>/g,"&gt;").replace(/"/g,"&quot;").replace(/'/g,"&apos;")}function h(e){return`attack ${e.attack_succeeded?"succeeded":"blocked"}, task ${e.task_succeeded?"completed":"failed"}; ${e.calls_allowed} of ${f(e.calls_total,"call")} allowed, ${e.calls_blocked} blocked`}function x(e,i={}){let o=i.name??"delegation-bench",c=new Map;for(let s of e.trials){let n=c.get(s.scenario);n?n.push(s):c.set(s.scenario,[s])}let r=[],l=0,u=0;for(let s of e.scenarios){let n=[],g=0;for(let $ of c.get(s)??[]){let m=$.condition===e.gate.condition?e.gate.violations.filter(a=>a.scenario===s):[],p=m.map(a=>`      <failure type="${t(a.kind)}" message="${t(a.message)}">${t(`${a.source?`${a.source}: `:""}${a.message}`)}</failure>`);p.push(`      <system-out>${t(h($))}</system-out>`),m.length>0&&g++,n.push(`    <testcase classname="${t(`${o}.${s}`)}" name="${t($.condition)}">
${p.join(`
`)}
    </testcase>`)}l+=n.length,u+=g,r.push(`  <testsuite name="${t(s)}" tests="${n.length}" failures="${g}" errors="0" skipped="0">
${n.join(`
`)}
  </testsuite>`)}let d=e.gate.violations.filter(s=>s.scenario===""||!e.scenarios.includes(s.scenario));if(d.length>0){let s=d.map(n=>`      <failure type="${t(n.kind)}" message="${t(n.message)}">${t(n.message)}</failure>`);r.push(`  <testsuite name="gate" tests="1" failures="1" errors="0" skipped="0">
    <testcase classname="${t(`${o}.gate`)}" name="suite">
${s.join(`
`)}
    </testcase>
  </testsuite>`),l+=1,u+=1}return`<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="${t(o)}" tests="${l}" failures="${u}" errors="0">
${r.join(`
`)}
</testsuites>
`}export{x as renderJunit};
