#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
import{a,b,c,d}from"./chunk-UKQYYG2V.js";import"./chunk-RJMME5P6.js";import"./chunk-YKK4C3JN.js";import"./chunk-3IFO33NT.js";import"./chunk-VP2IUJD6.js";import"./chunk-L6KRJYDI.js";import"./chunk-ZKHTEQVI.js";import"./chunk-6RWXROKK.js";import"./chunk-IFFA66B4.js";export{d as gatherFileLoads,c as loadFileRange,b as loadScenarioFileSet,a as loadScenarioFiles};
