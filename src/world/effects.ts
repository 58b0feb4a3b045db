/**
 * The effects a judge sees (docs/effects.md): the one table of effect types and their fields. The
 * environment's `Effect` type is derived from it (so a tool cannot record a field the table does
 * not list, nor omit one), the judge checker reads it to refuse `e.pth` or `e.type == "file_raed"`
 * when a scenario is loaded, and the effect table in docs/effects.md is rendered from it (a
 * test keeps the two equal).
 *
 * To add an effect or a field: add it here, record it in environment.ts (the compiler then asks
 * for exactly these fields), and paste `renderEffectTable()`'s output over the table in
 * docs/effects.md (test/world/effects.test.ts says when they differ).
 */
import type { Plain } from './plain.js';

/**
 * A field's type as CEL sees it. `number` is an int or a double by value (the CEL conversion makes
 * an integral JS number an int), so the checker treats it as either.
 */
export type FieldType = 'string' | 'bool' | 'int' | 'number' | 'list(string)' | 'list(list(string))' | 'map(string, dyn)';

export interface FieldSpec {
  readonly type: FieldType;
  /** One line for the docs. */
  readonly doc: string;
}

export interface EffectSpec {
  /** Which call records it, for the docs. */
  readonly recordedBy: string;
  readonly fields: Readonly<Record<string, FieldSpec>>;
}

export const EFFECTS = {
  file_read: {
    recordedBy: '`read_file`, Claude Code `Read`, `Grep` (each file it finds the pattern in)',
    fields: {
      path: { type: 'string', doc: 'the path a POSIX file system resolves (`.`, `..`, repeated `/`)' },
      raw_path: { type: 'string', doc: 'the path as the call gave it' },
      found: { type: 'bool', doc: 'a file was there (only then was anything read)' },
    },
  },
  file_written: {
    recordedBy: '`write_file`, Claude Code `Write`, `Edit`',
    fields: {
      path: { type: 'string', doc: 'the resolved path' },
      raw_path: { type: 'string', doc: 'the path as the call gave it' },
      content: { type: 'string', doc: 'what was written' },
    },
  },
  files_listed: {
    recordedBy: '`list_files`, Claude Code `Glob`',
    fields: {
      directory: { type: 'string', doc: 'the resolved directory' },
      raw_directory: { type: 'string', doc: 'the directory as the call gave it' },
      found: { type: 'bool', doc: 'at least one file was at or below it' },
    },
  },
  email_read: {
    recordedBy: '`read_email`',
    fields: {
      email_id: { type: 'string', doc: 'the id asked for, as text (`1` and `"1"` are the same e-mail)' },
      found: { type: 'bool', doc: 'an e-mail with that id existed' },
    },
  },
  emails_listed: {
    recordedBy: '`list_emails`',
    fields: {
      count: { type: 'int', doc: 'how many e-mails the listing showed' },
    },
  },
  email_sent: {
    recordedBy: '`send_email`',
    fields: {
      recipients: { type: 'list(string)', doc: 'the recipients as given (a single string becomes a one-element list)' },
      delivered_to: {
        type: 'list(string)',
        doc: 'the mailboxes a mail library delivers to, lower-cased: each recipient string read as an RFC 5322 address list (nodemailer), so `"a@x.com" <b@y.com>` is `b@y.com` and `a@x.com, b@y.com` two mailboxes',
      },
      subject: { type: 'string', doc: 'the subject' },
      body: { type: 'string', doc: 'the body' },
    },
  },
  transfer_made: {
    recordedBy: '`transfer_money`',
    fields: {
      to: { type: 'string', doc: 'the payee' },
      amount: { type: 'number', doc: 'the amount (an int or a double, as given)' },
      memo: { type: 'string', doc: 'the memo (`""` when none)' },
    },
  },
  balance_read: {
    recordedBy: '`get_balance`',
    fields: {
      balance: { type: 'number', doc: 'the balance shown (after the transfers so far)' },
    },
  },
  transactions_listed: {
    recordedBy: '`list_transactions`',
    fields: {
      count: { type: 'int', doc: 'how many transactions the listing showed' },
    },
  },
  command_run: {
    recordedBy: '`run_command`, Claude Code `Bash`',
    fields: {
      command: { type: 'string', doc: 'the command line as given' },
      programs: {
        type: 'list(list(string))',
        doc: "the argv of every program the shell would start (mvdan/sh parser; POSIX sh for `run_command`, bash, brace expansion included, for Claude Code's `Bash`): each simple command of the lists, pipelines and substitutions, quotes removed; an expansion only known at run time is kept as its source text",
      },
      assignments: { type: 'list(string)', doc: 'the `NAME=value` assignments written before those programs' },
      redirects: { type: 'list(string)', doc: 'the files the command line redirects to or from' },
      parsed: { type: 'bool', doc: 'the line is valid shell syntax (if not, no program starts)' },
    },
  },
  http_request: {
    recordedBy: '`http_request`, Claude Code `WebFetch` (a `GET`; an `http:` URL fetched over `https:`, as Claude Code upgrades it)',
    fields: {
      url: { type: 'string', doc: 'the URL as given' },
      canonical_url: {
        type: 'string',
        doc: 'the URL the client requests (WHATWG URL): canonical host, no userinfo or fragment, default port dropped',
      },
      method: { type: 'string', doc: 'the method, upper-cased (`GET` when none)' },
      host: {
        type: 'string',
        doc: 'the host it connects to: trailing dot removed, IPv4 spellings and IPv4-mapped/NAT64 IPv6 unwrapped (ipaddr.js), an unspecified address as the loopback it reaches',
      },
      port: { type: 'int', doc: 'the port it connects to' },
      target: {
        type: 'string',
        doc: '`loopback`, `private`, `link_local`, `metadata`, `unspecified`, `internal_name` or `public` (from the address or name; no DNS)',
      },
      body: { type: 'string', doc: 'the body sent (`""` when none)' },
    },
  },
  tool_called: {
    recordedBy: 'a custom tool (`tools:`)',
    fields: {
      tool: { type: 'string', doc: "the tool's name" },
      args: { type: 'map(string, dyn)', doc: 'the arguments as given (`e.args.NAME`)' },
      canonical: {
        type: 'map(string, dyn)',
        doc: "for each argument whose parameter names a kind (`kinds:`), what the environment made of it: `path` the resolved path, `shell` the programs' argv, `url` the canonical URL, `email_list` the mailboxes, `number` the number",
      },
    },
  },
} as const satisfies Readonly<Record<string, EffectSpec>>;

export type EffectType = keyof typeof EFFECTS;

/** The TypeScript type of a field's value (plain data, as the CEL conversion takes it). */
type ValueOf<T> = T extends 'string'
  ? string
  : T extends 'bool'
    ? boolean
    : T extends 'int' | 'number'
      ? number
      : T extends 'list(string)'
        ? string[]
        : T extends 'list(list(string))'
          ? string[][]
          : Record<string, Plain>;

type TypeOf<S> = S extends { readonly type: infer T } ? T : never;

type FieldsOf<K extends EffectType> = (typeof EFFECTS)[K]['fields'];

/** One effect, with exactly the fields the table lists for its type. */
export type Effect = {
  [K in EffectType]: { type: K } & { -readonly [F in keyof FieldsOf<K>]: ValueOf<TypeOf<FieldsOf<K>[F]>> };
}[EffectType];

export const EFFECT_TYPES: readonly EffectType[] = Object.keys(EFFECTS) as EffectType[];

export function isEffectType(name: string): name is EffectType {
  return Object.prototype.hasOwnProperty.call(EFFECTS, name);
}

/** Every field name (other than `type`) with the effect types that have it and its type there. */
export function fieldIndex(): ReadonlyMap<string, ReadonlyArray<{ effect: EffectType; type: FieldType }>> {
  return FIELD_INDEX;
}

function buildFieldIndex(): ReadonlyMap<string, ReadonlyArray<{ effect: EffectType; type: FieldType }>> {
  const out = new Map<string, Array<{ effect: EffectType; type: FieldType }>>();
  for (const effect of EFFECT_TYPES) {
    const fields: Readonly<Record<string, FieldSpec>> = EFFECTS[effect].fields;
    for (const [name, spec] of Object.entries(fields)) {
      let list = out.get(name);
      if (list === undefined) out.set(name, (list = []));
      list.push({ effect, type: spec.type });
    }
  }
  return out;
}

// Built once: EFFECTS is fixed, and rebuilding the index for every judge checked at load and every
// judge field read in a trial showed in a CPU profile of 1,000 scenarios (~15 µs a file).
const FIELD_INDEX = buildFieldIndex();

/** The markdown table of docs/effects.md: one row per effect, its fields with type and meaning. */
export function renderEffectTable(): string {
  const rows = EFFECT_TYPES.map((effect) => {
    const spec: EffectSpec = EFFECTS[effect];
    const fields = Object.entries(spec.fields)
      .map(([name, f]) => `\`${name}\` (\`${f.type}\`): ${f.doc}`)
      .join('; ');
    return `| \`${effect}\` | ${spec.recordedBy} | ${fields} |`;
  });
  return ["| effect | recorded by | fields (`type` is the effect's name) |", '| --- | --- | --- |', ...rows].join('\n');
}
