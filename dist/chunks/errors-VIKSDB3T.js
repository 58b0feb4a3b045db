#!/usr/bin/env node
import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a,b,c}from"./chunk-5K3PISRK.js";import"./chunk-YX6RRELV.js";export{a as HarnessError,c as describeError,b as formatSource};
