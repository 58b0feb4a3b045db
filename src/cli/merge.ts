/**
 * `delegation-bench merge FILE...`: joins the JSON results of `run --shard I/N` into exactly what
 * one unsharded run writes (docs/llm.md). Every shard must be of the same run: same scenarios,
 * seed, model and settings, the same scripted-matrix results, all N shards once each, every
 * (scenario, condition, run) once. The merged run is then gated as an unsharded run would be.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Results } from '../results/results.js';
import { verdictOf } from '../pipeline/verdict.js';
import { mergeShardFiles, type ShardFile } from '../llm/merge-results.js';
import { renderJson } from '../report/json.js';
import { renderTable } from '../report/table.js';
import { EXIT_FAILED, EXIT_OK, UsageError, type CliIO, type Command } from './io.js';
import { readResultsJson } from './llm-run.js';

export const MERGE_HELP = `usage: delegation-bench merge [--format table|markdown|json] [--out FILE] FILE...

Joins the JSON results of 'run --shard I/N' (one file per shard, any order) into the results one
unsharded run would give, and gates them as that run would.

  --format F   table (default), markdown or json
  --out FILE   write the merged report in --format to FILE; the console then shows the table

exit codes: 0 gate passed, 1 gate failed, 2 shards that do not make one run (named in the message)
`;

export const mergeCommand: Command = async (argv: string[], io: CliIO) => {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: { format: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (e) {
    throw new UsageError(`${(e as Error).message}\n${MERGE_HELP}`);
  }
  if (parsed.values.help) {
    io.stdout(MERGE_HELP);
    return EXIT_OK;
  }
  const format = parsed.values.format ?? 'table';
  if (!['table', 'markdown', 'json'].includes(format))
    throw new UsageError(`--format must be one of table, markdown, json, got '${format}'`);
  const files = parsed.positionals;
  if (files.length === 0) throw new UsageError(`name the shard files to merge\n${MERGE_HELP}`);

  const inputs: ShardFile[] = [];
  for (const name of files) inputs.push({ name, data: await readResultsJson(name, io.cwd, 'merge') });
  let merged: Results = mergeShardFiles(inputs);
  let json: string;
  let table: string;
  try {
    json = renderJson(merged);
    merged = JSON.parse(json) as Results;
    table = renderTable(merged);
  } catch (e) {
    throw new UsageError(`${files[0]}: not a results file this version can read (${(e as Error).message})`);
  }
  const report =
    format === 'json'
      ? json
      : format === 'markdown'
        ? (await import('../report/markdown.js')).renderMarkdown(merged, { name: 'delegation-bench' })
        : table;
  const out = parsed.values.out;
  if (out !== undefined) {
    const path = resolve(io.cwd, out);
    try {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, report);
    } catch (e) {
      throw new UsageError(`cannot write ${out}: ${(e as Error).message}`);
    }
    io.stdout(table);
  } else io.stdout(report);
  // The merged run's verdict, read as a run's (src/pipeline/verdict.ts): its shards decided the
  // gate each, the same; an LLM run that did not complete never passes.
  return verdictOf(merged, { shard: false }).status === 'passed' ? EXIT_OK : EXIT_FAILED;
};
