/**
 * A suite's manifest (docs/results.md#suites): `suite.json` beside the scenario files of a suite
 * (an importer writes it, `delegation-bench import agentdojo`), saying what the suite is and which
 * of its cases were not turned into scenarios, and why. The report per suite counts them as
 * skipped: a skipped case never runs, so it cannot pass vacuously, and it does not disappear either.
 *
 * Found in the folder of each scenario that names a `suite:`; a folder without one is a suite
 * without a manifest (nothing said about skipped cases). Everything in it is checked: a key it does
 * not know, a wrong type, a second manifest for the same suite are refused (exit 2), never ignored.
 * Its `imported` list is checked against the folder: a scenario file the importer wrote that is
 * gone, or a scenario of the suite it did not write, is refused, so that a suite that lost (or
 * gained) a case never shows its figures as the imported suite's.
 */
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, join, normalize, relative, resolve } from 'node:path';
import { ArtifactFileError, readArtifactFile } from '../import/file.js';
import { dollarPath, lineCol, parseJson, type JsonPathSegment } from '../import/json-text.js';
import type { Scenario } from '../model/scenario.js';
import { ScenarioError, type ScenarioProblem } from './errors.js';

export const SUITE_MANIFEST_FILE = 'suite.json';
export const SUITE_MANIFEST_FORMAT = 'delegation-bench suite 1';

/** Bounds: a suite of AgentDojo's size skips a few hundred cases. */
const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;
const MAX_SKIPPED = 100_000;
const MAX_IMPORTED = 100_000;
const MAX_FINDINGS = 100_000;
/** A scenario file's name in the manifest's folder: no folder part, a YAML extension. */
const SCENARIO_FILE = /^[^/\\]+\.ya?ml$/;
const MAX_NAME = 200;
const MAX_TEXT = 500;
const SUITE_NAME = /^[a-z0-9_-]{1,64}$/;

export interface SkippedCase {
  readonly name: string;
  readonly reason: string;
}

/** A policy-sufficiency finding: what the pair's policy cannot bound, whatever the enforcement. */
export interface SufficiencyFinding {
  readonly scenario: string;
  readonly finding: string;
}

export interface SuiteManifest {
  readonly suite: string;
  /** The manifest's file as messages name it (relative to the run's cwd when below it). */
  readonly file: string;
  readonly source?: string;
  /** The scenario files the importer wrote, by name in the manifest's folder. */
  readonly imported?: readonly string[];
  readonly skipped: readonly SkippedCase[];
  /** Pairs whose policy cannot bound a total (many small transfers); absent when the manifest says nothing. */
  readonly policySufficiency?: readonly SufficiencyFinding[];
}

const KEYS = ['format', 'suite', 'source', 'imported', 'skipped', 'policy_sufficiency'] as const;

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
    const imported = doc['imported'] === undefined ? undefined : this.imported(doc['imported']);
    const skipped = this.skipped(doc['skipped']);
    const findings = doc['policy_sufficiency'] === undefined ? undefined : this.findings(doc['policy_sufficiency']);
    if (this.problems.length > 0 || suite === undefined || skipped === undefined) return undefined;
    return {
      suite,
      ...(source !== undefined && { source }),
      ...(imported !== undefined && { imported }),
      skipped,
      ...(findings !== undefined && { policySufficiency: findings }),
    };
  }

  private findings(value: unknown): SufficiencyFinding[] | undefined {
    const key = 'policy_sufficiency';
    if (!Array.isArray(value)) return void this.problem([key], 'expected a list of {scenario, finding} (empty when there is no finding)');
    if (value.length > MAX_FINDINGS) return void this.problem([key], `more than ${MAX_FINDINGS} entries`);
    const out: SufficiencyFinding[] = [];
    const seen = new Set<string>();
    value.forEach((entry: unknown, i) => {
      const at = [key, i];
      if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return this.problem(at, 'expected {scenario, finding}');
      const e = entry as Record<string, unknown>;
      for (const k of Object.keys(e)) if (k !== 'scenario' && k !== 'finding') this.problem([...at, k], 'unknown key (scenario, finding)');
      const scenario = this.text(e['scenario'], [...at, 'scenario'], MAX_NAME);
      const finding = this.text(e['finding'], [...at, 'finding'], MAX_TEXT);
      if (scenario === undefined || finding === undefined) return;
      // One finding a pair: two would count the pair twice in the report.
      if (seen.has(scenario)) return this.problem([...at, 'scenario'], `'${scenario}' has a finding already`);
      seen.add(scenario);
      out.push({ scenario, finding });
    });
    return out;
  }

  private imported(value: unknown): string[] | undefined {
    if (!Array.isArray(value))
      return void this.problem(
        ['imported'],
        Number.isSafeInteger(value)
          ? 'expected the list of scenario files the import wrote, not a count (an earlier import wrote a count: import again with --force)'
          : 'expected the list of scenario files the import wrote',
      );
    if (value.length > MAX_IMPORTED) return void this.problem(['imported'], `more than ${MAX_IMPORTED} entries`);
    const seen = new Set<string>();
    value.forEach((entry: unknown, i) => {
      const file = this.text(entry, ['imported', i], MAX_NAME);
      if (file === undefined) return;
      if (!SCENARIO_FILE.test(file) || file.startsWith('.'))
        return this.problem(['imported', i], `'${file}' is not a scenario file's name in this folder (NAME.yaml, no folder part)`);
      if (seen.has(file)) return this.problem(['imported', i], `'${file}' is listed twice`);
      seen.add(file);
    });
    return [...seen];
  }

  private skipped(value: unknown): SkippedCase[] | undefined {
    if (!Array.isArray(value)) return void this.problem(['skipped'], 'expected a list (empty when nothing was skipped)');
    if (value.length > MAX_SKIPPED) return void this.problem(['skipped'], `more than ${MAX_SKIPPED} entries`);
    const out: SkippedCase[] = [];
    const seen = new Set<string>();
    value.forEach((entry: unknown, i) => {
      const at = ['skipped', i];
      if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return this.problem(at, 'expected {name, reason}');
      const e = entry as Record<string, unknown>;
      for (const key of Object.keys(e)) if (key !== 'name' && key !== 'reason') this.problem([...at, key], 'unknown key (name, reason)');
      const name = this.text(e['name'], [...at, 'name'], MAX_NAME);
      const reason = this.text(e['reason'], [...at, 'reason'], MAX_TEXT);
      if (name === undefined || reason === undefined) return;
      // One entry a case: two would count the case twice in the report's skipped column.
      if (seen.has(name)) return this.problem([...at, 'name'], `'${name}' is listed as skipped already`);
      seen.add(name);
      out.push({ name, reason });
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

/** A folder of scenarios that name a suite: where its manifest would be, and what the run loaded from it. */
interface Folder {
  readonly display: string;
  readonly suites: Set<string>;
  readonly names: Set<string>;
  /** File name in the folder → the scenario's file as messages name it. */
  readonly files: Map<string, string>;
}

function isFile(abs: string): boolean {
  try {
    return statSync(abs).isFile();
  } catch {
    return false;
  }
}

/**
 * Where the folder and the manifest's `imported` list disagree: a listed file that is not there (a
 * deleted scenario would otherwise shrink the suite, its figures still shown as the suite's), and
 * a scenario of the suite the run loaded from the folder that the list does not name (a case the
 * import did not write would change the suite's figures unseen). Nothing when the manifest has no
 * list (a hand-written suite says nothing about its files).
 */
function importedDrift(manifest: SuiteManifest, folder: string, files: ReadonlyMap<string, string>): string[] {
  if (manifest.imported === undefined) return [];
  const problems: string[] = [];
  const listed = new Set(manifest.imported);
  manifest.imported.forEach((file, i) => {
    if (!isFile(join(folder, file)))
      problems.push(
        `$.imported[${i}]: '${file}' is not in the suite's folder: a scenario the import wrote is missing (deleted or moved?), and the suite would run without it; import again with --force, or take it out of the list to run the suite without it knowingly`,
      );
  });
  for (const [file, shown] of files)
    if (!listed.has(file))
      problems.push(
        `$.imported: ${shown} names suite '${manifest.suite}' but is not a scenario the import wrote: move it out of the suite's folder, or add '${file}' to the list to count it in the suite knowingly`,
      );
  return problems;
}

/**
 * A finding about a pair that did not become a scenario (skipped), or that is neither a scenario the
 * run loaded from the folder nor one the import wrote: the report would count a finding for a pair
 * that is not in the suite.
 */
function unknownFindings(manifest: SuiteManifest, names: ReadonlySet<string>): string[] {
  const skipped = new Set(manifest.skipped.map((k) => k.name));
  const imported = manifest.imported === undefined ? undefined : new Set(manifest.imported);
  return (manifest.policySufficiency ?? []).flatMap(({ scenario: name }, i) => {
    if (skipped.has(name))
      return [`$.policy_sufficiency[${i}].scenario: '${name}' is listed as skipped: a skipped pair has no policy to judge`];
    if (names.has(name) || imported?.has(`${name}.yaml`) === true) return [];
    return [
      `$.policy_sufficiency[${i}].scenario: '${name}' is not a scenario of the suite (neither beside the manifest nor in its imported list)`,
    ];
  });
}

/**
 * The manifests of the suites `scenarios` name, by suite: `suite.json` in each folder holding a
 * scenario with `suite:`. Every problem at once (a ScenarioError, exit 2): a manifest that does not
 * parse, one that names another suite than the scenarios beside it, two for one suite.
 */
export function readSuiteManifests(scenarios: readonly Scenario[], cwd: string, confine?: string): Map<string, SuiteManifest> {
  const folders = new Map<string, Folder>();
  for (const s of scenarios) {
    if (s.suite === undefined) continue;
    const abs = resolve(cwd, s.file);
    const folder = dirname(abs);
    const entry = folders.get(folder) ?? {
      display: join(dirname(s.file), SUITE_MANIFEST_FILE),
      suites: new Set<string>(),
      names: new Set<string>(),
      files: new Map<string, string>(),
    };
    entry.suites.add(s.suite);
    entry.names.add(s.name);
    entry.files.set(basename(abs), normalize(s.file));
    folders.set(folder, entry);
  }
  const problems: ScenarioProblem[] = [];
  const out = new Map<string, SuiteManifest>();
  for (const [folder, { display, suites, names, files }] of folders) {
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
    // Every disagreement between the manifest and the files at once, as the loader reports a file's.
    const found: string[] = [];
    const others = [...suites].filter((s) => s !== m.suite);
    if (others.length > 0) {
      found.push(`$.suite: describes suite '${m.suite}', but the scenarios beside it say suite: ${others.map((s) => `'${s}'`).join(', ')}`);
    }
    // A pair cannot be both skipped and run: the report would count it twice.
    m.skipped.forEach((entry, i) => {
      if (names.has(entry.name))
        found.push(`$.skipped[${i}].name: '${entry.name}' is listed as skipped, but a scenario of that name is in the suite`);
    });
    found.push(...unknownFindings(m, names));
    found.push(...importedDrift(m, folder, files));
    if (found.length > 0) {
      found.forEach(whole);
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
