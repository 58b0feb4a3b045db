/** The JSON Schema this interpreter reads, and what it answers (src/scenario/schema.ts). */

import type { PNode } from '../lib/yaml-tree.js';

export type SchemaType = 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null';
export type EnumValue = string | number | boolean | null;

export interface JsonSchema {
  $schema?: string;
  $id?: string;
  $comment?: string;
  $defs?: Record<string, JsonSchema>;
  $ref?: string;
  title?: string;
  description?: string;
  markdownDescription?: string;
  default?: unknown;
  examples?: unknown[];
  type?: SchemaType | SchemaType[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  enum?: EnumValue[];
  pattern?: string;
  patternErrorMessage?: string;
  minLength?: number;
  maxLength?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
}

export interface SchemaProblem {
  readonly offset: number;
  readonly message: string;
}

export interface SchemaResult {
  readonly problems: SchemaProblem[];
  /** Nodes at or above a problem: later (semantic) checks skip them to avoid a second message. */
  readonly tainted: ReadonlySet<PNode>;
  /** Nodes a problem was reported at (wrong type, missing key, too many items, ...). */
  readonly failed: ReadonlySet<PNode>;
}
