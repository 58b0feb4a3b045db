/**
 * The built-in suite as a snapshot: what the YAML loader gives for `scenarios/`, written at build
 * time and read back at run time, so a run of the built-in suite skips YAML parsing, the schema
 * interpreter and the CEL checks (they ran at build time, on the same bytes). It pays: without it a
 * run of the built-in suite (probes and mutants included) takes about a quarter more CPU time.
 *
 * It is trusted only when fresh and intact: the folder must hold exactly the scenario files it
 * records, each with the same size and SHA-256, and the body must match its own SHA-256. Anything
 * else — absent, unreadable, malformed, stale — gives `undefined` and the caller takes the YAML
 * path. Reading a snapshot never throws.
 *
 * File layout: a header line (JSON: format, files, body hash), then the body line (JSON: the
 * encoded scenarios). Values use an unambiguous tagged encoding, since a scenario holds what JSON
 * cannot: every JSON object in the body is a one-key tag —
 *   {"o":{...}} plain object     {"n":{...}} object without prototype   {"F":x} Float
 *   {"i":"123"} bigint           {"u":0} undefined                       {"x":"-0"|"NaN"|...} number
 *   {"p":"x.yaml"} a `file` name, relative to the built-in folder, rebased to `cwd` on reading
 *   {"b":"00ff"} bytes
 * and arrays, strings, booleans, null and other numbers stand for themselves. The body is
 * `{"scenarios": ...}`.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { Float } from '../warrant/constraint-value.js';
import { builtinDisplay, displayPrefix, walkScenarioTree } from './files.js';
import { MAX_FILE_BYTES, MAX_FILES } from './limits.js';
import type { Scenario, ScenarioSet } from '../model/scenario.js';
import { BenchError } from '../lib/errors.js';

export const SNAPSHOT_FORMAT = 'delegation-bench/builtin-suite@1';

/** Larger than any built-in suite could be (MAX_FILES files of MAX_FILE_BYTES, each expanded). */
const MAX_SNAPSHOT_BYTES = 64 * 1024 * 1024;
// Far deeper than a scenario nests.
const MAX_DEPTH = 1100;

interface FileRecord {
  name: string;
  bytes: number;
  sha256: string;
}

interface Header {
  format: string;
  files: FileRecord[];
  body_sha256: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

class SnapshotError extends BenchError {
  override readonly name = 'SnapshotError';
  readonly code = 'snapshot_invalid';
  readonly kind = 'harness' as const;
}

const sha256Hex = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex');

// ------------------------------------------------------------------------------------- encoding

function encodeValue(v: unknown, key: string | undefined, files: ReadonlySet<string>, prefix: string, depth: number): Json {
  if (depth > MAX_DEPTH) throw new SnapshotError('value nests too deeply');
  if (v === null || typeof v === 'boolean') return v;
  if (typeof v === 'string') {
    if (key !== 'file') return v;
    const name = v.startsWith(prefix) ? v.slice(prefix.length) : undefined;
    if (name === undefined || !files.has(name)) throw new SnapshotError(`file '${v}' is not a built-in scenario file`);
    return { p: name };
  }
  if (typeof v === 'number') {
    if (!Number.isFinite(v) || Object.is(v, -0)) return { x: Object.is(v, -0) ? '-0' : String(v) };
    return v;
  }
  if (typeof v === 'bigint') return { i: v.toString() };
  if (v === undefined) return { u: 0 };
  if (v instanceof Float) return { F: encodeValue(v.value, undefined, files, prefix, depth + 1) };
  if (v instanceof Uint8Array) return { b: Buffer.from(v.buffer, v.byteOffset, v.length).toString('hex') };
  if (Array.isArray(v)) return v.map((x) => encodeValue(x, undefined, files, prefix, depth + 1));
  if (typeof v === 'object') {
    const proto = Object.getPrototypeOf(v) as unknown;
    if (proto !== Object.prototype && proto !== null) throw new SnapshotError(`cannot encode a ${v.constructor.name}`);
    const out: { [key: string]: Json } = {};
    for (const k of Object.keys(v)) {
      const value = encodeValue((v as Record<string, unknown>)[k], k, files, prefix, depth + 1);
      Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true }); // `__proto__` too
    }
    return proto === null ? { n: out } : { o: out };
  }
  throw new SnapshotError(`cannot encode a ${typeof v}`);
}

/**
 * The snapshot text of `scenarios`, loaded from the files `files` of folder `dir` (their bytes).
 * `cwd` is the folder they were loaded from (it decides how their `file` names read). Throws when
 * a value has no encoding, or when the text does not read back deep-equal (a build must not ship
 * a snapshot that would give another suite than the YAML).
 */
export function encodeSnapshot(
  scenarios: readonly Scenario[],
  files: readonly { name: string; content: Uint8Array }[],
  dir: string,
  cwd: string,
): string {
  const names = new Set(files.map((f) => f.name));
  const prefix = displayPrefix(builtinDisplay(dir, cwd));
  const body = JSON.stringify({ scenarios: encodeValue(scenarios, undefined, names, prefix, 0) });
  const header: Header = {
    format: SNAPSHOT_FORMAT,
    files: files.map((f) => ({ name: f.name, bytes: f.content.length, sha256: sha256Hex(f.content) })),
    body_sha256: sha256Hex(body),
  };
  const text = `${JSON.stringify(header)}\n${body}\n`;
  const back = decodeSnapshotBody(text, header, dir, cwd);
  if (!isDeepStrictEqual(back, scenarios)) {
    throw new SnapshotError('the snapshot does not read back as the scenarios it was made from');
  }
  return text;
}

/**
 * Reads the scenario files of `dir` and below as the snapshot records them (paths relative to
 * `dir`, sorted, raw bytes). A tree the loader would refuse (a symlinked or unreadable folder, a
 * limit passed) has no snapshot: the build stops.
 */
export async function readSuiteFiles(dir: string): Promise<{ name: string; content: Uint8Array }[]> {
  const names = completeTree(dir);
  if (names === undefined) throw new SnapshotError(`the built-in suite in ${dir} is not a plain tree of scenario files`);
  return Promise.all(names.map(async (name) => ({ name, content: await readFile(join(dir, ...name.split('/'))) })));
}

/** The scenario files the loader would read below `dir`, or undefined when it would refuse the tree. */
function completeTree(dir: string): readonly string[] | undefined {
  const tree = walkScenarioTree(dir);
  const whole = tree.over === undefined && tree.linkedFolders.length === 0 && tree.unreadable.length === 0;
  return whole ? tree.files : undefined;
}

// ------------------------------------------------------------------------------------- decoding

function isRecord(v: unknown): v is { [key: string]: Json } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function decodeValue(j: Json, prefix: string, files: ReadonlySet<string>, depth: number): unknown {
  if (depth > MAX_DEPTH) throw new SnapshotError('value nests too deeply');
  if (j === null || typeof j === 'boolean' || typeof j === 'number' || typeof j === 'string') return j;
  if (Array.isArray(j)) return j.map((x) => decodeValue(x, prefix, files, depth + 1));
  const keys = Object.keys(j);
  if (keys.length !== 1) throw new SnapshotError('a tag has one key');
  const tag = keys[0]!;
  const v = j[tag]!;
  switch (tag) {
    case 'o':
    case 'n': {
      if (!isRecord(v)) throw new SnapshotError('an object tag holds an object');
      const out = (tag === 'n' ? Object.create(null) : {}) as Record<string, unknown>;
      // defineProperty: a key named `__proto__` stays a key, as it was in the scenario.
      for (const k of Object.keys(v)) {
        Object.defineProperty(out, k, {
          value: decodeValue(v[k]!, prefix, files, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
    case 'F': {
      const x = decodeValue(v, prefix, files, depth + 1);
      if (typeof x !== 'number') throw new SnapshotError('a Float holds a number');
      return new Float(x);
    }
    case 'i':
      if (typeof v !== 'string' || !/^-?(0|[1-9]\d{0,40})$/.test(v)) throw new SnapshotError('a bigint is decimal digits');
      return BigInt(v);
    case 'u':
      if (v !== 0) throw new SnapshotError('malformed undefined');
      return undefined;
    case 'x':
      if (v === '-0') return -0;
      if (v === 'NaN') return NaN;
      if (v === 'Infinity') return Infinity;
      if (v === '-Infinity') return -Infinity;
      throw new SnapshotError('unknown special number');
    case 'p':
      if (typeof v !== 'string' || !files.has(v)) throw new SnapshotError('a file name not in the snapshot');
      return `${prefix}${v}`;
    case 'b':
      if (typeof v !== 'string' || !/^(?:[0-9a-f]{2})*$/.test(v)) throw new SnapshotError('bytes are hex');
      return new Uint8Array(Buffer.from(v, 'hex'));
    default:
      throw new SnapshotError(`unknown tag '${tag}'`);
  }
}

function parseHeader(line: string): Header {
  const h = JSON.parse(line) as unknown;
  if (!isRecord(h) || h.format !== SNAPSHOT_FORMAT || typeof h.body_sha256 !== 'string' || !Array.isArray(h.files)) {
    throw new SnapshotError('not a built-in suite snapshot of this version');
  }
  if (h.files.length === 0 || h.files.length > MAX_FILES) throw new SnapshotError('bad file count');
  const files = h.files.map((f) => {
    if (!isRecord(f) || typeof f.name !== 'string' || typeof f.sha256 !== 'string' || typeof f.bytes !== 'number') {
      throw new SnapshotError('bad file record');
    }
    return { name: f.name, bytes: f.bytes, sha256: f.sha256 };
  });
  return { format: h.format, files, body_sha256: h.body_sha256 };
}

function decodeSnapshotBody(text: string, header: Header, dir: string, cwd: string): Scenario[] {
  const nl = text.indexOf('\n');
  const body = text.slice(nl + 1).replace(/\n$/, '');
  if (sha256Hex(body) !== header.body_sha256) throw new SnapshotError('the body does not match its hash');
  const names = new Set(header.files.map((f) => f.name));
  const prefix = displayPrefix(builtinDisplay(dir, cwd));
  const parsed = JSON.parse(body) as unknown;
  if (!isRecord(parsed)) throw new SnapshotError('not a snapshot body');
  const scenarios = decodeValue(parsed.scenarios ?? null, prefix, names, 0);
  if (!Array.isArray(scenarios) || scenarios.length === 0) throw new SnapshotError('no scenarios');
  for (const s of scenarios) {
    if (!isRecord(s) || typeof s.name !== 'string' || typeof s.file !== 'string' || !Array.isArray(s.calls)) {
      throw new SnapshotError('not a scenario');
    }
  }
  return scenarios as unknown as Scenario[];
}

/**
 * Does the folder (and every folder the loader reads below it) hold exactly the recorded files,
 * byte for byte (by size and SHA-256)? Synchronous on purpose: a few small files of the install,
 * and the promise-based fs costs more to start than these reads take.
 */
function isFresh(header: Header, dir: string): boolean {
  const names = completeTree(dir);
  if (names === undefined || names.length !== header.files.length || names.some((n, i) => n !== header.files[i]!.name)) return false;
  return header.files.every((f) => {
    const path = join(dir, ...f.name.split('/'));
    if (f.bytes > MAX_FILE_BYTES || statSync(path).size !== f.bytes) return false; // never read a grown file
    const content = readFileSync(path);
    return content.length === f.bytes && sha256Hex(content) === f.sha256;
  });
}

/**
 * The built-in suite from the snapshot at `path`, as the YAML loader would give it for folder `dir`
 * seen from `cwd`; undefined when the snapshot is absent, damaged or stale. Never throws.
 */
export async function readBuiltinSnapshot(path: string, dir: string, cwd: string): Promise<Scenario[] | undefined> {
  return (await readBuiltinSnapshotSet(path, dir, cwd))?.scenarios;
}

/** readBuiltinSnapshot, with the number of files the scenarios came from. */
export async function readBuiltinSnapshotSet(path: string, dir: string, cwd: string): Promise<ScenarioSet | undefined> {
  try {
    if (statSync(path).size > MAX_SNAPSHOT_BYTES) return undefined;
    const text = readFileSync(path, 'utf8');
    const nl = text.indexOf('\n');
    if (nl < 0) return undefined;
    const header = parseHeader(text.slice(0, nl));
    if (!isFresh(header, dir)) return undefined;
    // A suite with warnings is never snapshotted (snapshot-build.ts), so this one has none.
    return { scenarios: decodeSnapshotBody(text, header, dir, cwd), files: header.files.length, warnings: [], info: [] };
  } catch {
    return undefined; // absent, unreadable or malformed: the YAML path decides
  }
}

// ------------------------------------------------------------------------- transfer to workers

/** Every `file` name passes as itself: a transfer keeps names exactly as the loader gave them. */
const ANY_FILE: ReadonlySet<string> = { has: () => true } as unknown as ReadonlySet<string>;

/**
 * Scenarios as text for another thread, in the snapshot's tagged encoding: structured clone would
 * turn a `Float` into a plain object and a prototype-less map into an ordinary one, and the
 * scenarios a worker runs must be exactly the ones this thread loaded.
 */
export function encodeScenariosForTransfer(scenarios: readonly Scenario[]): string {
  return JSON.stringify(encodeValue(scenarios, undefined, ANY_FILE, '', 0));
}

/** The inverse of encodeScenariosForTransfer. Throws on text it did not write. */
export function decodeScenariosFromTransfer(text: string): Scenario[] {
  const scenarios = decodeValue(JSON.parse(text) as Json, '', ANY_FILE, 0);
  if (!Array.isArray(scenarios)) throw new SnapshotError('not a list of scenarios');
  return scenarios as Scenario[];
}
