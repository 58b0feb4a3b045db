/**
 * `delegation-bench import agentdojo EXPORT.json... --out DIR [--policy task-scoped|tenuo-templates]
 * [--force]`: AgentDojo exports as scenario folders, `DIR/SUITE/` each (docs/cli.md, "import";
 * docs/agentdojo.md). Every export is read and every scenario checked before anything is written,
 * so a bad input leaves the output folder as it was.
 */
import { lstat, mkdir, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AgentDojoExportError, readAgentDojoExport } from '../import/agentdojo/read-export.js';
import { EXPORT_LIMITS } from '../import/agentdojo/export-schema.js';
import type { AgentDojoExport } from '../import/agentdojo/types.js';
import { POLICIES, type PolicyName } from '../init/agentdojo/pair-grants.js';
import { importSuite, type ImportedSuite } from '../init/agentdojo/import-suite.js';
import { WRITTEN_BY } from '../init/agentdojo/pair-scenario.js';
import { EXIT_OK, UsageError, type Command } from './io.js';

const USAGE = `usage: delegation-bench import agentdojo EXPORT.json... --out DIR [--policy task-scoped|tenuo-templates] [--force]
  EXPORT.json   an AgentDojo suite exported as docs/agentdojo.md describes (one suite a file)
  --out DIR     writes DIR/SUITE/: a scenario per user x injection pair, NOTICE, README.md, suite.json
  --policy P    task-scoped (default): each pair's grant from its user task's own calls;
                tenuo-templates: Tenuo's AgentDojo template the export carries
  --force       replace a suite folder an earlier import wrote`;

interface ImportArgs {
  exports: string[];
  out?: string;
  policy: PolicyName;
  force: boolean;
  help: boolean;
}

export function parseImportArgs(argv: readonly string[]): ImportArgs {
  const out: ImportArgs = { exports: [], policy: 'task-scoped', force: false, help: false };
  if (argv.includes('--help') || argv.includes('-h')) return { ...out, help: true };
  const [format, ...rest] = argv;
  if (format !== 'agentdojo')
    throw new UsageError(
      `${format === undefined ? 'name what to import' : `cannot import '${format}'`}: the one format is agentdojo\n${USAGE}`,
    );
  let policyGiven = false;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '--force') {
      out.force = true;
      continue;
    }
    const eq = a.indexOf('=');
    const flag = a.startsWith('--') && eq > 0 ? a.slice(0, eq) : a;
    if (flag === '--out' || flag === '--policy') {
      const v = eq > 0 && flag !== a ? a.slice(eq + 1) : rest[++i];
      if (v === undefined || v === '') throw new UsageError(`${flag} needs a value\n${USAGE}`);
      if (flag === '--out') {
        if (out.out !== undefined) throw new UsageError('--out given twice');
        out.out = v;
      } else {
        if (policyGiven) throw new UsageError('--policy given twice');
        if (!(POLICIES as readonly string[]).includes(v)) throw new UsageError(`--policy: '${v}' is not one of ${POLICIES.join(', ')}`);
        out.policy = v as PolicyName;
        policyGiven = true;
      }
      continue;
    }
    if (a.startsWith('-')) throw new UsageError(`unknown option '${a}'\n${USAGE}`);
    out.exports.push(a);
  }
  if (out.exports.length === 0) throw new UsageError(`name at least one EXPORT.json\n${USAGE}`);
  if (out.out === undefined) throw new UsageError(`--out DIR is required\n${USAGE}`);
  return out;
}

function fsReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'is a folder';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return code ?? (e as Error).message;
}

/** One export, or its problems: a file too large is refused before it is read. */
async function readExport(file: string, cwd: string): Promise<AgentDojoExport | string[]> {
  let bytes: Buffer;
  try {
    const full = path.resolve(cwd, file);
    const info = await stat(full);
    if (!info.isFile()) return [`${file}: not a regular file; name an export's .json file`];
    if (info.size > EXPORT_LIMITS.bytes)
      return [`${file}: ${info.size} bytes is more than an export may hold (${EXPORT_LIMITS.bytes}): one suite a file`];
    bytes = await readFile(full);
  } catch (e) {
    return [`${file}: cannot read: ${fsReason(e)}`];
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return [`${file}: not UTF-8 text: an export is JSON, which is UTF-8`];
  }
  try {
    return readAgentDojoExport(text, file);
  } catch (e) {
    if (e instanceof AgentDojoExportError) return [...e.problems];
    throw e;
  }
}

/** An existing suite folder is kept unless --force; with it, only what an earlier import wrote is removed. */
async function clearSuiteDir(dir: string, shown: string, force: boolean): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new AgentDojoExportError([`${shown}: cannot read: ${fsReason(e)}`]);
  }
  if (names.length === 0) return;
  if (!force)
    throw new AgentDojoExportError([`${shown}: the folder exists and is kept; pass --force to replace what an earlier import wrote there`]);
  for (const name of names) {
    const file = path.join(dir, name);
    if (!(await lstat(file)).isFile()) continue; // a folder or link of the user's is never ours
    const ours = name === 'NOTICE' || name === 'README.md' || (name.endsWith('.yaml') && (await startsWithMark(file)));
    if (ours) await rm(file);
  }
}

/** Whether a scenario file begins with the importer's mark; only the mark's bytes are read, whatever the file's size. */
async function startsWithMark(file: string): Promise<boolean> {
  const mark = Buffer.from(WRITTEN_BY, 'utf8');
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(mark.length);
    const { bytesRead } = await handle.read(head, 0, mark.length, 0);
    return bytesRead === mark.length && head.equals(mark);
  } finally {
    await handle.close();
  }
}

export const importCommand: Command = async (argv, io) => {
  const args = parseImportArgs(argv);
  if (args.help) {
    io.stdout(`${USAGE}\n`);
    return EXIT_OK;
  }
  const problems: string[] = [];
  const exports: AgentDojoExport[] = [];
  for (const file of args.exports) {
    const r = await readExport(file, io.cwd);
    if (Array.isArray(r)) problems.push(...r);
    else if (exports.some((x) => x.suite === r.suite))
      problems.push(
        `${file}: $.suite: '${r.suite}' is also the suite of ${exports.find((x) => x.suite === r.suite)!.file}: one export per suite`,
      );
    else exports.push(r);
  }
  if (problems.length > 0) throw new AgentDojoExportError(problems);
  const outAbs = path.resolve(io.cwd, args.out!);
  const suites: ImportedSuite[] = exports.map((exp) => importSuite(exp, args.policy, outAbs));
  for (const s of suites) await clearSuiteDir(path.join(outAbs, s.suite), path.join(args.out!, s.suite), args.force);
  for (const s of suites) {
    await mkdir(path.join(outAbs, s.suite), { recursive: true });
    for (const f of s.files) await writeFile(path.join(outAbs, f.path), f.content);
    const findings = s.findings === 0 ? '' : `, ${s.findings} with a policy-sufficiency finding`;
    io.stdout(
      `wrote ${path.join(args.out!, s.suite)}: ${s.imported} scenario${s.imported === 1 ? '' : 's'} (policy ${args.policy}), ${s.skipped} pair${s.skipped === 1 ? '' : 's'} skipped${findings}; see README.md and NOTICE\n`,
    );
  }
  return EXIT_OK;
};
