/**
 * A suite's manifest (docs/results.md#suites): `suite.json` beside the scenario files of a suite
 * (an importer writes it, `delegation-bench import agentdojo`), saying what the suite is and which
 * of its cases were not turned into scenarios, and why. The report per suite counts them as
 * skipped: a skipped case never runs, so it cannot pass vacuously, and it does not disappear either.
 *
 * Found in the folder of each scenario the run loaded; a suite without one has no manifest (nothing
 * said about skipped cases). Everything in it is checked: a key it does not know, a wrong type, a
 * second manifest for the same suite are refused (exit 2), never ignored. Its `imported` list is
 * checked per suite against what the run loaded: a listed file that is gone or no longer names the
 * suite, or a scenario anywhere that names the suite but is not listed, is refused, so that a suite
 * that lost (or gained) a case never shows its figures as the imported suite's.
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

/** A folder the run loaded scenarios from: where its manifest would be, and what the run loaded from it. */
interface Folder {
  readonly display: string;
  /** The suites its scenarios name, and their names (a scenario without `suite:` is in neither). */
  readonly suites: Set<string>;
  readonly names: Set<string>;
}

/** A manifest that parsed, with its folder (absolute), for the checks per suite. */
interface Placed {
  readonly manifest: SuiteManifest;
  readonly folder: string;
}

function isFile(abs: string): boolean {
  try {
    return statSync(abs).isFile();
  } catch {
    return false;
  }
}

/**
 * Where a listed file and the run disagree: a listed file that is not there (a deleted scenario
 * would otherwise shrink the suite, its figures still shown as the suite's), or one the run read
 * that no longer names the suite (its `suite:` line removed or changed: the same shrinking). A
 * listed file the run did not read (`--scenarios` named other files of the folder) is not a
 * problem: the report says how many of the imported scenarios ran. Nothing when the manifest has
 * no list (a hand-written suite says nothing about its files).
 */
function listedDrift(manifest: SuiteManifest, folder: string, loaded: ReadonlyMap<string, Scenario>): string[] {
  const problems: string[] = [];
  (manifest.imported ?? []).forEach((file, i) => {
    const abs = join(folder, file);
    const scenario = loaded.get(abs);
    if (scenario === undefined && !isFile(abs))
      problems.push(
        `$.imported[${i}]: '${file}' is not in the suite's folder: a scenario the import wrote is missing (deleted or moved?), and the suite would run without it; import again with --force, or take it out of the list to run the suite without it knowingly`,
      );
    if (scenario !== undefined && scenario.suite !== manifest.suite) {
      const says = scenario.suite === undefined ? 'has no suite: line' : `says suite: '${scenario.suite}'`;
      problems.push(
        `$.imported[${i}]: '${file}' is a scenario the import wrote, but it ${says}, not suite: '${manifest.suite}', and the suite would run without it; put its suite: line back, import again with --force, or take it out of the list to run the suite without it knowingly`,
      );
    }
  });
  return problems;
}

/**
 * The scenarios the run loaded that name an imported suite (its manifest has an `imported` list)
 * but are not one of its listed files, wherever they are: beside the manifest, in a folder below
 * it, in another folder. Each would change the suite's figures unseen (118 of 117 imported).
 */
function unlistedMembers(bySuite: ReadonlyMap<string, Placed>, scenarios: readonly Scenario[], cwd: string): ScenarioProblem[] {
  const problems: ScenarioProblem[] = [];
  for (const s of scenarios) {
    const placed = s.suite === undefined ? undefined : bySuite.get(s.suite);
    if (placed === undefined || placed.manifest.imported === undefined) continue;
    const { manifest: m, folder } = placed;
    const abs = resolve(cwd, s.file);
    const file = basename(abs);
    if (dirname(abs) === folder) {
      if (!m.imported!.includes(file))
        problems.push({
          file: m.file,
          line: 0,
          col: 0,
          message: `$.imported: ${normalize(s.file)} names suite '${m.suite}' but is not a scenario the import wrote: move it out of the suite's folder, or add '${file}' to the list to count it in the suite knowingly`,
        });
      continue;
    }
    problems.push({
      ...(s.suiteSource ?? s.source),
      message: `suite: '${m.suite}' is an imported suite and this file is not one of its scenarios (${m.file} lists those the import wrote, in its own folder): it would change the suite's figures unseen; give it another suite or no suite: line, or move it beside ${m.file} and add '${file}' to the list to count it in the suite knowingly`,
    });
  }
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

/** Every folder the run loaded a scenario from, by absolute path, and every scenario by its file's absolute path. */
function foldersOf(scenarios: readonly Scenario[], cwd: string): { folders: Map<string, Folder>; loaded: Map<string, Scenario> } {
  const folders = new Map<string, Folder>();
  const loaded = new Map<string, Scenario>();
  for (const s of scenarios) {
    const abs = resolve(cwd, s.file);
    loaded.set(abs, s);
    const folder = dirname(abs);
    let entry = folders.get(folder);
    if (entry === undefined)
      folders.set(folder, (entry = { display: join(dirname(s.file), SUITE_MANIFEST_FILE), suites: new Set(), names: new Set() }));
    if (s.suite === undefined) continue;
    entry.suites.add(s.suite);
    entry.names.add(s.name);
  }
  return { folders, loaded };
}

/**
 * The manifests of the suites `scenarios` name, by suite: `suite.json` in each folder the run
 * loaded a scenario from. `scenarios` is everything the run loaded, before `--scenario` picks
 * some: a selection neither hides a problem nor makes a listed file look missing. Every problem at
 * once (a ScenarioError, exit 2): a manifest that does not parse, one that names another suite
 * than the scenarios beside it, two for one suite, and an imported suite whose files and list
 * disagree, checked per suite (a scenario in another folder that names it joins it too).
 */
export function readSuiteManifests(scenarios: readonly Scenario[], cwd: string, confine?: string): Map<string, SuiteManifest> {
  const { folders, loaded } = foldersOf(scenarios, cwd);
  const problems: ScenarioProblem[] = [];
  const bySuite = new Map<string, Placed>();
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
    found.push(...listedDrift(m, folder, loaded));
    const earlier = bySuite.get(m.suite)?.manifest;
    if (earlier !== undefined)
      found.push(
        `$.suite: a second manifest of suite '${m.suite}' (the first: ${relative(cwd, resolve(cwd, earlier.file)) || earlier.file})`,
      );
    else bySuite.set(m.suite, { manifest: m, folder });
    found.forEach(whole);
  }
  problems.push(...unlistedMembers(bySuite, scenarios, cwd));
  if (problems.length > 0) throw new ScenarioError(problems);
  return new Map([...bySuite].map(([suite, { manifest }]) => [suite, manifest]));
}
