/**
 * A suite's manifest (docs/results.md#suites): `suite.json` beside the scenario files of a suite
 * (an importer writes it, `delegation-bench import agentdojo`), saying what the suite is and which
 * of its cases were not turned into scenarios, and why. The report per suite counts them as
 * skipped: a skipped case never runs, so it cannot pass vacuously, and it does not disappear either.
 *
 * Found in the folder of each scenario that names a `suite:`; a folder without one is a suite
 * without a manifest (nothing said about skipped cases). Everything in it is checked: a key it does
 * not know, a wrong type, a second manifest for the same suite are refused (exit 2), never ignored.
 */
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ArtifactFileError, readArtifactFile } from '../import/file.js';
import { dollarPath, lineCol, parseJson, type JsonPathSegment } from '../import/json-text.js';
import type { Scenario } from '../model/scenario.js';
import { ScenarioError, type ScenarioProblem } from './errors.js';

export const SUITE_MANIFEST_FILE = 'suite.json';
export const SUITE_MANIFEST_FORMAT = 'delegation-bench suite 1';

/** Bounds: a suite of AgentDojo's size skips a few hundred cases. */
const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;
const MAX_SKIPPED = 100_000;
const MAX_NAME = 200;
const MAX_TEXT = 500;
const SUITE_NAME = /^[a-z0-9_-]{1,64}$/;

export interface SkippedCase {
  readonly name: string;
  readonly reason: string;
}

export interface SuiteManifest {
  readonly suite: string;
  /** The manifest's file as messages name it (relative to the run's cwd when below it). */
  readonly file: string;
  readonly source?: string;
  /** How many scenario files the importer wrote. */
  readonly imported?: number;
  readonly skipped: readonly SkippedCase[];
}

const KEYS = ['format', 'suite', 'source', 'imported', 'skipped'] as const;

class ManifestReader {
  readonly problems: string[] = [];

  private problem(path: readonly JsonPathSegment[], message: string): void {
    this.problems.push(`${dollarPath(path)}: ${message}`);
  }

  text(value: unknown, path: readonly JsonPathSegment[], max: number): string | undefined {
    if (typeof value !== 'string' || value.length === 0) return void this.problem(path, 'expected a non-empty string');
    if (value.length > max) return void this.problem(path, `longer than ${max} characters`);
    return value;
  }

  read(value: unknown): Omit<SuiteManifest, 'file'> | undefined {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return void this.problem([], 'expected an object');
    const doc = value as Record<string, unknown>;
    for (const key of Object.keys(doc)) {
      if (!(KEYS as readonly string[]).includes(key)) this.problem([key], `unknown key (a manifest has ${KEYS.join(', ')})`);
    }
    if (doc['format'] !== SUITE_MANIFEST_FORMAT) this.problem(['format'], `expected "${SUITE_MANIFEST_FORMAT}"`);
    const suite = this.text(doc['suite'], ['suite'], 64);
    if (suite !== undefined && !SUITE_NAME.test(suite)) this.problem(['suite'], 'is not a suite name: lower-case letters, digits, _ and -');
    const source = doc['source'] === undefined ? undefined : this.text(doc['source'], ['source'], MAX_TEXT);
    const imported = doc['imported'];
    if (imported !== undefined && !(Number.isSafeInteger(imported) && (imported as number) >= 0)) {
      this.problem(['imported'], 'expected a count (integer ≥ 0)');
    }
    const skipped = this.skipped(doc['skipped']);
    if (this.problems.length > 0 || suite === undefined || skipped === undefined) return undefined;
    return { suite, ...(source !== undefined && { source }), ...(imported !== undefined && { imported: imported as number }), skipped };
  }

  private skipped(value: unknown): SkippedCase[] | undefined {
    if (!Array.isArray(value)) return void this.problem(['skipped'], 'expected a list (empty when nothing was skipped)');
    if (value.length > MAX_SKIPPED) return void this.problem(['skipped'], `more than ${MAX_SKIPPED} entries`);
    const out: SkippedCase[] = [];
    value.forEach((entry: unknown, i) => {
      const at = ['skipped', i];
      if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return this.problem(at, 'expected {name, reason}');
      const e = entry as Record<string, unknown>;
      for (const key of Object.keys(e)) if (key !== 'name' && key !== 'reason') this.problem([...at, key], 'unknown key (name, reason)');
      const name = this.text(e['name'], [...at, 'name'], MAX_NAME);
      const reason = this.text(e['reason'], [...at, 'reason'], MAX_TEXT);
      if (name !== undefined && reason !== undefined) out.push({ name, reason });
    });
    return out;
  }
}

/** One manifest's text → the manifest, or its problems (`$.path: message`, or line:col for bad JSON). */
export function parseSuiteManifest(text: string, file: string): { manifest: SuiteManifest } | { problems: ScenarioProblem[] } {
  const parsed = parseJson(text);
  if ('offset' in parsed) return { problems: [{ file, ...lineCol(text, parsed.offset), message: `not JSON: ${parsed.message}` }] };
  const reader = new ManifestReader();
  const manifest = reader.read(parsed.value);
  if (manifest === undefined) return { problems: reader.problems.map((message) => ({ file, line: 0, col: 0, message })) };
  return { manifest: { ...manifest, file } };
}

/**
 * The manifests of the suites `scenarios` name, by suite: `suite.json` in each folder holding a
 * scenario with `suite:`. Every problem at once (a ScenarioError, exit 2): a manifest that does not
 * parse, one that names another suite than the scenarios beside it, two for one suite.
 */
export function readSuiteManifests(scenarios: readonly Scenario[], cwd: string, confine?: string): Map<string, SuiteManifest> {
  const folders = new Map<string, { display: string; suites: Set<string>; names: Set<string> }>();
  for (const s of scenarios) {
    if (s.suite === undefined) continue;
    const abs = resolve(cwd, s.file);
    const folder = dirname(abs);
    const entry = folders.get(folder) ?? {
      display: join(dirname(s.file), SUITE_MANIFEST_FILE),
      suites: new Set<string>(),
      names: new Set<string>(),
    };
    entry.suites.add(s.suite);
    entry.names.add(s.name);
    folders.set(folder, entry);
  }
  const problems: ScenarioProblem[] = [];
  const out = new Map<string, SuiteManifest>();
  for (const [folder, { display, suites, names }] of folders) {
    const abs = join(folder, SUITE_MANIFEST_FILE);
    if (!existsSync(abs)) continue;
    const whole = (message: string): void => void problems.push({ file: display, line: 0, col: 0, message });
    let text: string;
    try {
      text = readArtifactFile(SUITE_MANIFEST_FILE, join(folder, 'scenario'), { maxBytes: MAX_MANIFEST_BYTES, ...(confine && { confine }) });
    } catch (e) {
      if (!(e instanceof ArtifactFileError)) throw e;
      whole(e.message);
      continue;
    }
    const read = parseSuiteManifest(text, display);
    if ('problems' in read) {
      problems.push(...read.problems);
      continue;
    }
    const m = read.manifest;
    const others = [...suites].filter((s) => s !== m.suite);
    if (others.length > 0) {
      whole(`$.suite: describes suite '${m.suite}', but the scenarios beside it say suite: ${others.map((s) => `'${s}'`).join(', ')}`);
      continue;
    }
    // A pair cannot be both skipped and run: the report would count it twice.
    const ran = m.skipped.findIndex((entry) => names.has(entry.name));
    if (ran >= 0) {
      whole(`$.skipped[${ran}].name: '${m.skipped[ran]!.name}' is listed as skipped, but a scenario of that name is in the suite`);
      continue;
    }
    const earlier = out.get(m.suite);
    if (earlier !== undefined) {
      whole(`$.suite: a second manifest of suite '${m.suite}' (the first: ${relative(cwd, resolve(cwd, earlier.file)) || earlier.file})`);
      continue;
    }
    out.set(m.suite, m);
  }
  if (problems.length > 0) throw new ScenarioError(problems);
  return out;
}
