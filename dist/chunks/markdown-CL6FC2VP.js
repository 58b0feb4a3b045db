#!/usr/bin/env node
import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a,b,c,d}from"./chunk-64BCY44B.js";import"./chunk-YX6RRELV.js";export{d as escapeText,c as pct,b as renderMarkdown,a as reportMarker};
