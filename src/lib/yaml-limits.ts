// The bounds of the positioned YAML tree (src/lib/yaml-tree.ts), in a file of their own: the
// worker thread and the results schema import them through src/scenario/limits.ts, and importing
// the tree itself would pull the yaml package (~115 KB) into every bundle that only needs numbers.

/**
 * Nesting of YAML collections (a scenario needs about 8: constraints nest a little further). The
 * tree's own bound; src/scenario/limits.ts lists it with the other bounds on scenario input.
 */
export const MAX_DEPTH = 32;

/**
 * YAML nodes of one file after alias expansion: the role yaml's `maxAliasCount` plays for `toJS`.
 * An alias costs the size of the node it names, so a "billion laughs" file is refused while it is
 * being built, and a plain 1 MiB file (at most ~500k nodes) always fits.
 */
export const MAX_NODES = 1_000_000;
