#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import"./chunk-KGSL6RYX.js";import{mkdir as d,writeFile as n}from"node:fs/promises";import{join as o}from"node:path";async function f(t,r,a){let{badgeData:g,renderBadgeEndpoint:u,renderBadgeSvg:c}=await import("./badge-QE4L4LV3.js"),s=g(a,r);await d(t,{recursive:!0});let e=o(t,`${r}.svg`),i=o(t,`${r}.json`);return await n(e,c(s),"utf8"),await n(i,u(s),"utf8"),{svg:e,json:i}}export{f as writeBadge};
