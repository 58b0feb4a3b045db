#!/usr/bin/env node
import * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();
var r=class extends Error{};function e(n){return n instanceof r}export{r as a,e as b};
