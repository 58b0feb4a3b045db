#!/usr/bin/env node
import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a,b,c}from"./chunk-SN55B6OE.js";import"./chunk-YX6RRELV.js";export{a as ScenarioError,b as formatProblem,c as sortProblems};
