#!/usr/bin/env node
import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a as b,b as c}from"./chunk-DGN5EIFF.js";import{a}from"./chunk-SN55B6OE.js";import"./chunk-MM65UAX6.js";import"./chunk-VBHS2MYS.js";import"./chunk-YX6RRELV.js";export{a as ScenarioError,b as builtinScenariosDir,c as loadScenarios};
