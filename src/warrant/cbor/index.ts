export { encode, encodeFloat } from './encode.js';
export { decode, DEFAULT_LIMITS, type DecodeLimits } from './decode.js';
export { Float, isCborMap, isBytes, isInteger, cborTypeName, type CborValue, type CborMap } from './value.js';
