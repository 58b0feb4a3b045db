#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{a as c}from"./chunk-VSUDCKBM.js";import{a}from"./chunk-D6PTWKMD.js";import{a as b}from"./chunk-LHSV7VHU.js";import"./chunk-3ESATVY2.js";import"./chunk-KGSL6RYX.js";export{b as ScenarioError,a as builtinScenariosDir,c as loadScenarios};
