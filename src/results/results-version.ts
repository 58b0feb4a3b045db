/**
 * The results format's version (docs/results.md); 2 added reachability, the false allow/block
 * thresholds and kinds. Apart from the schema (results.ts) so that what only stamps it on results
 * (a run, a worker thread) does not load the schema library.
 */
export const RESULTS_VERSION = 2;
