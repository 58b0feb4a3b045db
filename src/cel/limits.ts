/**
 * Bounds on CEL expressions and on their evaluation. Checked before the parser sees the text (so a
 * hostile expression cannot exhaust the stack) and enforced while the program runs (so it cannot
 * exhaust time or memory). Every limit fails closed with a message naming the limit.
 */

/** Longest expression accepted, in UTF-16 code units (the text of a warrant or a scenario). */
export const MAX_EXPRESSION_LENGTH = 4096;

/** Deepest nesting of `(`, `[` and `{` accepted before parsing. */
export const MAX_BRACKET_DEPTH = 32;

/** Deepest parsed syntax tree accepted (operator chains such as `!!!!x` or `a+a+…+a`). */
export const MAX_AST_DEPTH = 128;

/**
 * Cost units one evaluation may spend. Every function or operator call costs 1 plus the size of
 * what it returns and of its non-call arguments (strings per 64 characters, lists and maps per
 * entry), list and map literals and comprehension results cost their entries, and every loop
 * iteration costs 1. Ordinary expressions spend a few hundred units; a hostile one reaches the
 * limit (a few hundred milliseconds of work at most) and ends in an error instead of hanging.
 */
export const MAX_EVALUATION_COST = 1_000_000;

/** Largest bound input accepted: values (scalars, list entries, map entries) counted recursively. */
export const MAX_BINDING_NODES = 100_000;

/** Deepest nesting of lists and maps in bound inputs and in converted results. */
export const MAX_VALUE_DEPTH = 64;

/** Total characters of strings (and bytes of byte strings) in bound inputs. */
export const MAX_BINDING_CHARS = 4 * 1024 * 1024;

/** Largest result converted back to plain JS (values counted recursively). */
export const MAX_RESULT_NODES = 100_000;

/** Regex work units (compiled instructions × input characters) per cost unit (src/cel/meter.ts). */
export const REGEX_UNITS_PER_COST = 20;
