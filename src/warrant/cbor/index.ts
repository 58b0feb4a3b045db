export { encode, encodeFloat } from './encode.js';
export { decode, skipItem, CborReader, DEFAULT_LIMITS, type CborHead, type DecodeLimits } from './decode.js';
export { Float, isCborMap, isBytes, isInteger, cborTypeName, type CborValue, type CborMap } from './value.js';
