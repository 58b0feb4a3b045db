/**
 * A number that is a float on the wire and in CEL. JavaScript numbers cannot tell 1 from 1.0, but
 * Tenuo's CBOR can (`01` vs `f93c00`) and its CEL types them apart (int vs double), so a float is
 * wrapped: an integral `number` (or a `bigint`) is an integer, a `Float` is a float.
 */
export class Float {
  constructor(readonly value: number) {}
}
