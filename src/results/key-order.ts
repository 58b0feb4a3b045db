/**
 * The canonical key order of the results JSON (docs/results.md, "Byte-identical"): a value is
 * written with the keys of every object in the order its schema lists them, whatever order it was
 * built in, and keys the schema does not know are left out. So equal results are equal bytes,
 * whether they were built by a run, a merge of shards or report-only mode.
 */
import type * as z from 'zod';
import { isObj } from './checks.js';

type Schema = z.core.$ZodType;

/** The option of a discriminated union that `value` belongs to, if any. */
function unionOption(options: readonly Schema[], discriminator: string | undefined, value: unknown): Schema | undefined {
  if (discriminator === undefined || !isObj(value)) return undefined;
  return options.find((option) => {
    const def = option._zod.def;
    if (def.type !== 'object') return false;
    const key = (def as z.core.$ZodObjectDef).shape[discriminator];
    return key !== undefined && key._zod.values?.has(value[discriminator] as z.core.util.Primitive) === true;
  });
}

/**
 * `value` with the keys of each object in `schema`'s order, optional keys that are undefined left
 * out. Values the schema does not shape (arguments, plain data, scalars) are kept as they are.
 * Nothing is checked here: the value is the writer's own, or was checked when it was read.
 */
export function inSchemaOrder(schema: Schema, value: unknown): unknown {
  if (value === undefined || value === null) return value;
  const def = schema._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
      return inSchemaOrder((def as z.core.$ZodOptionalDef).innerType, value);
    case 'pipe': {
      // A preprocessed value (an older file's shape read as today's) is written as it is read.
      const pipe = def as z.core.$ZodPipeDef;
      const before = pipe.in._zod.def;
      const read = before.type === 'transform' ? (before as z.core.$ZodTransformDef).transform(value, undefined as never) : value;
      return inSchemaOrder(pipe.out, read);
    }
    case 'array':
      return Array.isArray(value) ? value.map((item) => inSchemaOrder((def as z.core.$ZodArrayDef).element, item)) : value;
    case 'object': {
      if (!isObj(value)) return value;
      const out: Record<string, unknown> = {};
      for (const [key, field] of shapeEntries(def as z.core.$ZodObjectDef)) {
        if (value[key] !== undefined) out[key] = inSchemaOrder(field, value[key]);
      }
      return out;
    }
    case 'union': {
      const union = def as z.core.$ZodDiscriminatedUnionDef;
      const option = unionOption(union.options, union.discriminator, value);
      return option ? inSchemaOrder(option, value) : value;
    }
    default:
      return value;
  }
}

/**
 * Each object schema's fields as a list, made once per schema instead of once per object written:
 * on the results of 1,000 scenarios (10 MB) the ordering took ~50 ms with Object.entries per object
 * and ~27 ms with this (process.cpuUsage, in process, same output).
 */
const shapes = new WeakMap<z.core.$ZodObjectDef, [string, Schema][]>();

function shapeEntries(def: z.core.$ZodObjectDef): [string, Schema][] {
  let entries = shapes.get(def);
  if (entries === undefined) shapes.set(def, (entries = Object.entries(def.shape)));
  return entries;
}
