#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import"./chunk-IFFA66B4.js";import{mkdir as d,writeFile as o}from"node:fs/promises";import{join as n}from"node:path";async function f(t,s,a){let{badgeData:g,renderBadgeEndpoint:u,renderBadgeSvg:c}=await import("./badge-KYOPC6DR.js"),r=g(a,s);await d(t,{recursive:!0});let e=n(t,`${s}.svg`),i=n(t,`${s}.json`);return await o(e,c(r),"utf8"),await o(i,u(r),"utf8"),{svg:e,json:i}}export{f as writeBadge};
