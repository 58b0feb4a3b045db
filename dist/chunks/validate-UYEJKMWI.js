#!/usr/bin/env node
import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);
import{a as m}from"./chunk-V4SYO7GZ.js";var e=async()=>{throw new m("not implemented yet")};export{e as validateCommand};
