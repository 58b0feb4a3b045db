/**
 * Bounds on scenario input. Scenario files come from pull requests, so every dimension an attacker
 * (or an accident) could blow up is capped and refused with a message before it costs time:
 * bytes are checked before reading, calls before validating them, alias expansion while building.
 */

/** One scenario file (the built-in ones are about 3 KiB). */
export const MAX_FILE_BYTES = 1024 * 1024;

/** All scenario files of one run together (a generated suite of 1,000 scenarios is ~4 MiB). */
export const MAX_TOTAL_BYTES = 64 * 1024 * 1024;

/** Scenario files in one run. */
export const MAX_FILES = 10_000;

/**
 * Folders walked below one scenarios input (hidden ones and `node_modules` are not entered): far
 * more than a suite needs, few enough that naming a large tree by mistake stops in a moment.
 */
export const MAX_FOLDERS = 100_000;

/** Scripted calls in one scenario. */
export const MAX_CALLS = 10_000;

/**
 * Nesting of YAML collections and YAML nodes after alias expansion: bounds of the positioned YAML
 * tree every reader of YAML text shares, so they live beside it (src/lib/yaml-limits.ts).
 */
export { MAX_DEPTH, MAX_NODES } from '../lib/yaml-limits.js';

/** Problems kept per file: past this, one more line says how many were left out. */
export const MAX_PROBLEMS_PER_FILE = 200;
