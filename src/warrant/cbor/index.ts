export { encode, encodeFloat } from './encode.js';
export { decode, skipItem, CborReader, DEFAULT_LIMITS, type CborHead, type DecodeLimits } from './decode.js';
export { Float, isCborMap, isBytes, isInteger, cborTypeName, type CborValue, type CborMap } from './data-model.js';
export {
  byteArrayToCbor,
  describeCbor,
  fieldPath,
  readArray,
  readBool,
  readByteArray,
  readBytes,
  readMap,
  readSortedTextMap,
  readStruct,
  readText,
  readUint,
  sortedTextMap,
  wrongType,
  type ByteArrayLength,
  type FieldSpec,
} from './shape.js';
