/**
 * Constraint, ConstraintSet and ToolGrants ↔ the CBOR data model, exactly as the reference's serde
 * impls write them (`constraints.rs`): a constraint is `[type_id, value]`; struct-shaped values are
 * text-keyed maps in field order with `null` for absent optionals; Cidr and UrlPattern are bare
 * strings; Wildcard is `null`; text-keyed maps that come from sorted maps are ordered bytewise on
 * UTF-8.
 *
 * The reader is stricter than serde: it accepts exactly the shape the reference encoder emits (every
 * field present, in order, no extra keys, sorted maps sorted), so one constraint has one encoding and
 * a signed payload cannot carry bytes that a re-encoding would not reproduce. Every deviation is a
 * WarrantError whose reason names the field.
 *
 * The generic shape readers (arrays, structs, sorted maps) live in `../cbor/shape.ts`.
 */
import {
  Float,
  describeCbor,
  fieldPath,
  readArray,
  readBool,
  readSortedTextMap,
  readStruct,
  readText,
  readUint,
  sortedTextMap,
  wrongType,
  type CborMap,
  type CborValue,
  type FieldSpec,
} from '../cbor/index.js';
import { malformed } from '../errors.js';
import { cborToValue, valueToCbor, type Value } from '../constraint-value.js';
import { TYPE_IDS, type Constraint, type ConstraintSet, type ToolGrants } from './types.js';

// ---------------------------------------------------------------------------------------------
// Limits (reference `wire.rs`, `constraints.rs`, spec wire-format-v1 §13)
// ---------------------------------------------------------------------------------------------

/** All/Any/Not nesting; the reference's `MAX_CONSTRAINT_DEPTH`. */
export const MAX_CONSTRAINT_DEPTH = 32;
export const MAX_TOOLS_PER_WARRANT = 256;
export const MAX_CONSTRAINTS_PER_TOOL = 64;
/** Spec §13 ("max tool name length 256 bytes"). */
export const MAX_TOOL_NAME_BYTES = 256;

const utf8Encoder = new TextEncoder();

// ---------------------------------------------------------------------------------------------
// Constraint values (the reference's untagged `ConstraintValue`)
// ---------------------------------------------------------------------------------------------

/** Object keys must be sorted (BTreeMap) for the encoding to be the canonical one. */
function checkValueMapsSorted(c: CborValue, path: string): void {
  if (Array.isArray(c)) {
    c.forEach((item, i) => checkValueMapsSorted(item, `${path}[${i}]`));
  } else if (c instanceof Map) {
    for (const [k, item] of readSortedTextMap(c, path)) checkValueMapsSorted(item, fieldPath(path, k));
  }
}

export function valueFromCbor(cbor: CborValue, path: string): Value {
  checkValueMapsSorted(cbor, path);
  return cborToValue(cbor, path);
}

function valueListFromCbor(c: CborValue, path: string): Value[] {
  return readArray(c, path).map((item, i) => valueFromCbor(item, `${path}[${i}]`));
}

function textListFromCbor(c: CborValue, path: string): string[] {
  return readArray(c, path).map((item, i) => readText(item, `${path}[${i}]`));
}

// ---------------------------------------------------------------------------------------------
// Constraint ↔ CBOR
// ---------------------------------------------------------------------------------------------

const RANGE_FIELDS: FieldSpec[] = [{ name: 'min' }, { name: 'max' }, { name: 'min_inclusive' }, { name: 'max_inclusive' }];
const SUBPATH_FIELDS: FieldSpec[] = [{ name: 'root' }, { name: 'case_sensitive' }, { name: 'allow_equal' }];
const URL_SAFE_FIELDS: FieldSpec[] = [
  { name: 'schemes' },
  { name: 'allow_domains' },
  { name: 'deny_domains' },
  { name: 'allow_ports' },
  { name: 'block_private' },
  { name: 'block_loopback' },
  { name: 'block_metadata' },
  { name: 'block_reserved' },
  { name: 'block_internal_tlds' },
];
const CEL_FIELDS: FieldSpec[] = [{ name: 'expression' }, { name: 'parent_expression', omittable: true }];
const CONSTRAINT_SET_FIELDS: FieldSpec[] = [{ name: 'constraints' }, { name: 'allow_unknown', omittable: true }];

const KNOWN_TYPE_IDS = new Set<number>(Object.values(TYPE_IDS));
const NAME_OF_TYPE_ID = new Map<number, string>(Object.entries(TYPE_IDS).map(([name, id]) => [id, name]));

function one(v: CborValue, path: string, typeName: string, field: string): CborValue {
  return readStruct(v, `${path}(${typeName})`, [{ name: field }]).get(field)!;
}

function rangeBound(v: CborValue, path: string): number | null {
  if (v === null) return null;
  // The reference's bounds are Option<f64>: always a CBOR float, even when integral (0.0 → f90000).
  if (!(v instanceof Float)) throw wrongType(path, 'a float or null (Range bounds are f64)', v);
  if (Number.isNaN(v.value)) throw malformed(`${path}: NaN is not a valid range bound`);
  return v.value;
}

function optionalTextList(v: CborValue, path: string): string[] | null {
  return v === null ? null : textListFromCbor(v, path);
}

/**
 * Decodes one `[type_id, value]`. `level` counts the All/Any/Not above it: the reference limits a
 * constraint's composite depth to MAX_CONSTRAINT_DEPTH.
 */
export function constraintFromCbor(cbor: CborValue, path: string, level = 0): Constraint {
  const [idValue, v] = readArray(cbor, path, 2) as [CborValue, CborValue];
  if (typeof idValue !== 'number' || idValue < 0 || idValue > 255) {
    throw malformed(`${path}: constraint type id must be an integer 0–255 (u8), got ${describeCbor(idValue)}`);
  }
  const typeId = idValue;
  const name = NAME_OF_TYPE_ID.get(typeId);
  const at = name === undefined ? path : `${path}(${name})`;
  const composite = (): number => {
    if (level + 1 > MAX_CONSTRAINT_DEPTH) {
      throw malformed(`${path}: constraint nesting deeper than ${MAX_CONSTRAINT_DEPTH} (All/Any/Not)`);
    }
    return level + 1;
  };
  switch (typeId) {
    case TYPE_IDS.exact:
      return { type: 'exact', value: valueFromCbor(one(v, path, 'exact', 'value'), `${at}.value`) };
    case TYPE_IDS.pattern:
      return { type: 'pattern', pattern: readText(one(v, path, 'pattern', 'pattern'), `${at}.pattern`) };
    case TYPE_IDS.range: {
      const f = readStruct(v, at, RANGE_FIELDS);
      return {
        type: 'range',
        min: rangeBound(f.get('min')!, `${at}.min`),
        max: rangeBound(f.get('max')!, `${at}.max`),
        minInclusive: readBool(f.get('min_inclusive')!, `${at}.min_inclusive`),
        maxInclusive: readBool(f.get('max_inclusive')!, `${at}.max_inclusive`),
      };
    }
    case TYPE_IDS.one_of:
      return { type: 'one_of', values: valueListFromCbor(one(v, path, 'one_of', 'values'), `${at}.values`) };
    case TYPE_IDS.regex:
      return { type: 'regex', pattern: readText(one(v, path, 'regex', 'pattern'), `${at}.pattern`) };
    case TYPE_IDS.not_one_of:
      return { type: 'not_one_of', excluded: valueListFromCbor(one(v, path, 'not_one_of', 'excluded'), `${at}.excluded`) };
    case TYPE_IDS.cidr:
      // A bare string on the wire (the spec's table says {network}; the reference writes the string).
      return { type: 'cidr', network: readText(v, at) };
    case TYPE_IDS.url_pattern:
      return { type: 'url_pattern', pattern: readText(v, at) };
    case TYPE_IDS.contains:
      return { type: 'contains', required: valueListFromCbor(one(v, path, 'contains', 'required'), `${at}.required`) };
    case TYPE_IDS.subset:
      return { type: 'subset', allowed: valueListFromCbor(one(v, path, 'subset', 'allowed'), `${at}.allowed`) };
    case TYPE_IDS.all:
    case TYPE_IDS.any: {
      const kind = typeId === TYPE_IDS.all ? 'all' : 'any';
      const inner = composite();
      const list = readArray(one(v, path, kind, 'constraints'), `${at}.constraints`);
      return { type: kind, constraints: list.map((item, i) => constraintFromCbor(item, `${at}.constraints[${i}]`, inner)) };
    }
    case TYPE_IDS.not: {
      const inner = composite();
      return { type: 'not', constraint: constraintFromCbor(one(v, path, 'not', 'constraint'), `${at}.constraint`, inner) };
    }
    case TYPE_IDS.cel: {
      const f = readStruct(v, at, CEL_FIELDS);
      const expression = readText(f.get('expression')!, `${at}.expression`);
      // parent_expression is skipped when None, so a present one must be text (null is not canonical).
      return f.has('parent_expression')
        ? { type: 'cel', expression, parentExpression: readText(f.get('parent_expression')!, `${at}.parent_expression`) }
        : { type: 'cel', expression };
    }
    case TYPE_IDS.wildcard:
      if (v !== null) throw wrongType(at, 'null (Wildcard has no value)', v);
      return { type: 'wildcard' };
    case TYPE_IDS.subpath: {
      const f = readStruct(v, at, SUBPATH_FIELDS);
      return {
        type: 'subpath',
        root: readText(f.get('root')!, `${at}.root`),
        caseSensitive: readBool(f.get('case_sensitive')!, `${at}.case_sensitive`),
        allowEqual: readBool(f.get('allow_equal')!, `${at}.allow_equal`),
      };
    }
    case TYPE_IDS.url_safe: {
      const f = readStruct(v, at, URL_SAFE_FIELDS);
      const ports = f.get('allow_ports')!;
      return {
        type: 'url_safe',
        schemes: textListFromCbor(f.get('schemes')!, `${at}.schemes`),
        allowDomains: optionalTextList(f.get('allow_domains')!, `${at}.allow_domains`),
        denyDomains: optionalTextList(f.get('deny_domains')!, `${at}.deny_domains`),
        allowPorts:
          ports === null
            ? null
            : readArray(ports, `${at}.allow_ports`).map((p, i) => readUint(p, `${at}.allow_ports[${i}]`, 0xffff, 'u16')),
        blockPrivate: readBool(f.get('block_private')!, `${at}.block_private`),
        blockLoopback: readBool(f.get('block_loopback')!, `${at}.block_loopback`),
        blockMetadata: readBool(f.get('block_metadata')!, `${at}.block_metadata`),
        blockReserved: readBool(f.get('block_reserved')!, `${at}.block_reserved`),
        blockInternalTlds: readBool(f.get('block_internal_tlds')!, `${at}.block_internal_tlds`),
      };
    }
    case TYPE_IDS.shlex:
      return { type: 'shlex', allow: textListFromCbor(one(v, path, 'shlex', 'allow'), `${at}.allow`) };
    default:
      // Forward compatibility: an id this version does not know is kept opaque (and fails closed at
      // authorization) only when its value is a byte string, as the reference round-trips it.
      if (!(v instanceof Uint8Array)) {
        throw malformed(`${path}: constraint type ${typeId} is not known and its value is not a byte string (got ${describeCbor(v)})`);
      }
      return { type: 'unknown', typeId, payload: v.slice() };
  }
}

function checkString(s: unknown, path: string): string {
  if (typeof s !== 'string') throw malformed(`${path}: expected a string`);
  return s;
}

function checkBool(b: unknown, path: string): boolean {
  if (typeof b !== 'boolean') throw malformed(`${path}: expected a boolean`);
  return b;
}

function rangeBoundToCbor(b: number | null, path: string): CborValue {
  if (b === null) return null;
  if (typeof b !== 'number' || Number.isNaN(b)) throw malformed(`${path}: a range bound must be a number (not NaN) or null`);
  return new Float(b);
}

function stringList(list: readonly string[], path: string): CborValue[] {
  return list.map((s, i) => checkString(s, `${path}[${i}]`));
}

/** Encodes one constraint as the reference does. Throws `malformed` on a model it cannot represent. */
export function constraintToCbor(constraint: Constraint, path = 'constraint', level = 0): CborValue {
  const composite = (): number => {
    if (level + 1 > MAX_CONSTRAINT_DEPTH) {
      throw malformed(`${path}: constraint nesting deeper than ${MAX_CONSTRAINT_DEPTH} (All/Any/Not)`);
    }
    return level + 1;
  };
  const struct = (entries: [string, CborValue][]): CborMap => new Map<CborValue, CborValue>(entries);
  switch (constraint.type) {
    case 'exact':
      return [TYPE_IDS.exact, struct([['value', valueToCbor(constraint.value)]])];
    case 'pattern':
      return [TYPE_IDS.pattern, struct([['pattern', checkString(constraint.pattern, `${path}.pattern`)]])];
    case 'range':
      return [
        TYPE_IDS.range,
        struct([
          ['min', rangeBoundToCbor(constraint.min, `${path}.min`)],
          ['max', rangeBoundToCbor(constraint.max, `${path}.max`)],
          ['min_inclusive', checkBool(constraint.minInclusive, `${path}.minInclusive`)],
          ['max_inclusive', checkBool(constraint.maxInclusive, `${path}.maxInclusive`)],
        ]),
      ];
    case 'one_of':
      return [TYPE_IDS.one_of, struct([['values', constraint.values.map(valueToCbor)]])];
    case 'regex':
      return [TYPE_IDS.regex, struct([['pattern', checkString(constraint.pattern, `${path}.pattern`)]])];
    case 'not_one_of':
      return [TYPE_IDS.not_one_of, struct([['excluded', constraint.excluded.map(valueToCbor)]])];
    case 'cidr':
      return [TYPE_IDS.cidr, checkString(constraint.network, `${path}.network`)];
    case 'url_pattern':
      return [TYPE_IDS.url_pattern, checkString(constraint.pattern, `${path}.pattern`)];
    case 'contains':
      return [TYPE_IDS.contains, struct([['required', constraint.required.map(valueToCbor)]])];
    case 'subset':
      return [TYPE_IDS.subset, struct([['allowed', constraint.allowed.map(valueToCbor)]])];
    case 'all':
    case 'any': {
      const inner = composite();
      return [
        TYPE_IDS[constraint.type],
        struct([['constraints', constraint.constraints.map((x, i) => constraintToCbor(x, `${path}.constraints[${i}]`, inner))]]),
      ];
    }
    case 'not':
      return [TYPE_IDS.not, struct([['constraint', constraintToCbor(constraint.constraint, `${path}.constraint`, composite())]])];
    case 'cel': {
      const entries: [string, CborValue][] = [['expression', checkString(constraint.expression, `${path}.expression`)]];
      if (constraint.parentExpression !== undefined) {
        entries.push(['parent_expression', checkString(constraint.parentExpression, `${path}.parentExpression`)]);
      }
      return [TYPE_IDS.cel, struct(entries)];
    }
    case 'wildcard':
      return [TYPE_IDS.wildcard, null];
    case 'subpath':
      return [
        TYPE_IDS.subpath,
        struct([
          ['root', checkString(constraint.root, `${path}.root`)],
          ['case_sensitive', checkBool(constraint.caseSensitive, `${path}.caseSensitive`)],
          ['allow_equal', checkBool(constraint.allowEqual, `${path}.allowEqual`)],
        ]),
      ];
    case 'url_safe':
      return [
        TYPE_IDS.url_safe,
        struct([
          ['schemes', stringList(constraint.schemes, `${path}.schemes`)],
          ['allow_domains', constraint.allowDomains === null ? null : stringList(constraint.allowDomains, `${path}.allowDomains`)],
          ['deny_domains', constraint.denyDomains === null ? null : stringList(constraint.denyDomains, `${path}.denyDomains`)],
          [
            'allow_ports',
            constraint.allowPorts === null
              ? null
              : constraint.allowPorts.map((p, i) => {
                  if (!Number.isInteger(p) || p < 0 || p > 0xffff) throw malformed(`${path}.allowPorts[${i}]: ${p} is not a port (u16)`);
                  return p;
                }),
          ],
          ['block_private', checkBool(constraint.blockPrivate, `${path}.blockPrivate`)],
          ['block_loopback', checkBool(constraint.blockLoopback, `${path}.blockLoopback`)],
          ['block_metadata', checkBool(constraint.blockMetadata, `${path}.blockMetadata`)],
          ['block_reserved', checkBool(constraint.blockReserved, `${path}.blockReserved`)],
          ['block_internal_tlds', checkBool(constraint.blockInternalTlds, `${path}.blockInternalTlds`)],
        ]),
      ];
    case 'shlex':
      return [TYPE_IDS.shlex, struct([['allow', stringList(constraint.allow, `${path}.allow`)]])];
    case 'unknown':
      if (
        !Number.isInteger(constraint.typeId) ||
        constraint.typeId < 0 ||
        constraint.typeId > 255 ||
        KNOWN_TYPE_IDS.has(constraint.typeId)
      ) {
        throw malformed(`${path}: an opaque constraint needs an unassigned type id 0–255, got ${constraint.typeId}`);
      }
      if (!(constraint.payload instanceof Uint8Array)) throw malformed(`${path}: an opaque constraint's payload must be bytes`);
      return [constraint.typeId, constraint.payload];
    default:
      throw malformed(`${path}: unknown constraint kind ${JSON.stringify((constraint as { type?: unknown }).type)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// ConstraintSet and ToolGrants
// ---------------------------------------------------------------------------------------------

function checkToolName(name: string, path: string): void {
  // A UTF-16 unit is at most 3 bytes of UTF-8 (a pair, 4 for 2 units; a lone surrogate, U+FFFD's
  // 3): a name this short is within the limit without encoding it (TextEncoder costs a call each).
  if (name.length * 3 <= MAX_TOOL_NAME_BYTES) return;
  if (utf8Encoder.encode(name).length > MAX_TOOL_NAME_BYTES) {
    throw malformed(`${path}: tool name is longer than ${MAX_TOOL_NAME_BYTES} bytes`);
  }
}

export function constraintSetFromCbor(cbor: CborValue, path: string): ConstraintSet {
  const f = readStruct(cbor, path, CONSTRAINT_SET_FIELDS);
  const constraintsPath = `${path}.constraints`;
  const constraints: Record<string, Constraint> = Object.create(null) as Record<string, Constraint>;
  for (const [arg, item] of readSortedTextMap(f.get('constraints')!, constraintsPath, MAX_CONSTRAINTS_PER_TOOL)) {
    constraints[arg] = constraintFromCbor(item, fieldPath(constraintsPath, arg));
  }
  let allowUnknown = false;
  if (f.has('allow_unknown')) {
    // Skipped when false, so the only canonical value a present key can have is true.
    if (f.get('allow_unknown') !== true) {
      throw malformed(`${path}.allow_unknown: must be omitted when false (got ${describeCbor(f.get('allow_unknown')!)})`);
    }
    allowUnknown = true;
  }
  return { constraints, allowUnknown };
}

export function constraintSetToCbor(set: ConstraintSet, path = 'constraint_set'): CborValue {
  const keys = Object.keys(set.constraints);
  if (keys.length > MAX_CONSTRAINTS_PER_TOOL) {
    throw malformed(`${path}: ${keys.length} constraints exceed the limit of ${MAX_CONSTRAINTS_PER_TOOL}`);
  }
  const out: CborMap = new Map();
  out.set(
    'constraints',
    sortedTextMap(set.constraints, (c, arg) => constraintToCbor(c, fieldPath(`${path}.constraints`, arg))),
  );
  if (checkBool(set.allowUnknown, `${path}.allowUnknown`)) out.set('allow_unknown', true);
  return out;
}

export function toolGrantsFromCbor(cbor: CborValue, path: string): ToolGrants {
  const tools: Record<string, ConstraintSet> = Object.create(null) as Record<string, ConstraintSet>;
  for (const [name, item] of readSortedTextMap(cbor, path, MAX_TOOLS_PER_WARRANT)) {
    const at = fieldPath(path, name);
    checkToolName(name, at);
    tools[name] = constraintSetFromCbor(item, at);
  }
  return tools;
}

export function toolGrantsToCbor(tools: ToolGrants, path = 'tools'): CborValue {
  const names = Object.keys(tools);
  if (names.length > MAX_TOOLS_PER_WARRANT) {
    throw malformed(`${path}: ${names.length} tools exceed the limit of ${MAX_TOOLS_PER_WARRANT}`);
  }
  return sortedTextMap(tools, (set, name) => {
    const at = fieldPath(path, name);
    checkToolName(name, at);
    return constraintSetToCbor(set, at);
  });
}
