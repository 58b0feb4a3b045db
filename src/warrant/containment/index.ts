/**
 * Containment of one constraint in another by meaning (docs/guard.md, "What is proven and how"):
 * for the guard's baseline comparison and for an audit of a chain's links. Pure; bounded.
 */
export { proveContainment, type Containment } from './prove.js';
export { constraintKey } from './key.js';
