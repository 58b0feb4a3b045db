/**
 * `delegation-bench warrant export --scenario NAME [--scenarios PATH]... [--seed S]`: a scenario's
 * task_scoped grant as the Tenuo chain a run builds for it (org → planner p → worker q, the keys
 * derived from the seed as `run` derives them), in PEM armor on stdout (`TENUO WARRANT CHAIN`).
 * The parties' public keys, the worker's seed (the keys derive from the run's seed: they identify
 * the parties and protect nothing) and ready-made `warrant verify` commands go to stderr, so the
 * token file stays a plain token that Tenuo's tools and `warrant verify --trusted-root ORG` read. `warrant: {from: FILE}` reads it back: the
 * same grant, constraint for constraint.
 */
import { parseArgs } from 'node:util';
import { RunContext, partySeed } from '../chains/run-context.js';
import type { WarrantOrigin } from '../model/scenario.js';
import { DEFAULT_SEED } from '../trial/scenario-trials.js';
import { loadScenarioSet } from '../scenario/load.js';
import { toHex } from '../lib/bytes.js';
import { warrantIdString } from '../warrant/id.js';
import { toPem } from '../warrant/text.js';
import { EXIT_OK, UsageError, type Command } from './io.js';

export const EXPORT_USAGE = `usage: delegation-bench warrant export --scenario NAME [--scenarios PATH]... [--seed S]
  --scenario NAME    the scenario whose task_scoped grant to export
  --scenarios PATH   a scenario file or folder (may repeat; default: the built-in suite)
  --seed S           the run's seed (default "${DEFAULT_SEED}"): the keys, ids and times are the run's

Writes the chain org → planner → worker as a TENUO WARRANT CHAIN PEM block on stdout; on stderr
the parties' public keys, the worker's seed (for --holder-key: test keys, derived from the seed)
and the run's simulated times. Read it back with \`warrant verify --trusted-root ORG --now T FILE\`,
or as a scenario's grant with \`warrant: {from: FILE}\`.
`;

const MAX_SEED_CHARS = 1024;

export const warrantExportCommand: Command = async (argv, io) => {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        scenario: { type: 'string' },
        scenarios: { type: 'string', multiple: true },
        seed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    throw new UsageError(`${e instanceof Error ? e.message : String(e)}\n${EXPORT_USAGE}`);
  }
  if (values.help) {
    io.stdout(EXPORT_USAGE);
    return EXIT_OK;
  }
  const name = values.scenario;
  if (name === undefined || name === '') throw new UsageError(`export needs --scenario NAME\n${EXPORT_USAGE}`);
  const seed = values.seed ?? DEFAULT_SEED;
  if (seed.length === 0 || seed.length > MAX_SEED_CHARS) throw new UsageError(`--seed must be 1 to ${MAX_SEED_CHARS} characters`);

  const { scenarios, warnings } = await loadScenarioSet(values.scenarios ?? [], io.cwd);
  for (const w of warnings) io.stderr(`warning: ${w}\n`);
  const scenario = scenarios.find((s) => s.name === name);
  if (scenario === undefined) {
    throw new UsageError(`no scenario named '${name}' (loaded: ${scenarios.map((s) => s.name).join(', ')})`);
  }
  if (scenario.agents !== undefined) {
    // Its chains are one per agent, held by keys this command does not print: refused, not a wrong chain.
    throw new UsageError(
      `scenario '${name}' declares agents: (docs/scenarios.md#agents): export writes the implicit planner → worker chain only; a topology's chains are not exported yet`,
    );
  }
  const context = new RunContext(seed);
  const delegation = context.delegation(scenario, 'task_scoped')!;
  const { org, p, q } = context.keys;
  const leaf = delegation.chain[delegation.chain.length - 1]!.payload;
  const root = toHex(org.publicKey);
  const verify = `delegation-bench warrant verify --trusted-root ${root} --now ${leaf.issuedAt}`;
  io.stdout(toPem(delegation.chain));
  io.stderr(
    `scenario '${name}', seed ${JSON.stringify(seed)}: chain org → p → q, leaf ${warrantIdString(leaf.id)}\n` +
      `org (trusted root): ${root}\n` +
      `planner p:          ${toHex(p.publicKey)}\n` +
      `worker q (holder):  ${toHex(q.publicKey)}\n` +
      `worker q seed:      ${toHex(partySeed(seed, 'q'))} (for --holder-key; every key here derives from the seed: test keys, not for production)\n` +
      `times: the run's simulated clock, the leaf valid from ${utc(leaf.issuedAt)} to ${utc(leaf.expiresAt)}; a verifier on the wall clock reports the chain expired\n` +
      `verify: ${verify} FILE\n` +
      `a call: ${verify} --tool TOOL --args JSON --holder-key ${toHex(partySeed(seed, 'q'))} FILE\n` +
      policyNote(scenario.warrantFrom),
  );
  return EXIT_OK;
};

function utc(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().replace('.000Z', 'Z');
}

/**
 * A grant read from a Claude Code policy is authorized as the hook signs the call (a subpath:
 * argument resolved against the working directory, WebFetch's host derived from its url); a token
 * carries the constraints only, so read back with `from:` it checks a path argument as written (the
 * WebFetch `host` it constrains is the one exception the loader recognizes).
 */
function policyNote(origin: WarrantOrigin | undefined): string {
  if (origin?.kind !== 'claude_code_policy') return '';
  return (
    `note: this grant comes from the Claude Code policy '${origin.from}' ({sandbox} = ${origin.sandbox}): the chain holds its constraints on Claude Code's tool names, ` +
    `not the hook's resolution of a subpath: path against the working directory (read back with from:, a relative path is checked as written; a WebFetch host is signed from the url as the hook signs it); in production tenuo-claude reads the policy itself\n`
  );
}
