#!/usr/bin/env node
import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
var r=class extends Error{name="UsageError"};export{r as a};
