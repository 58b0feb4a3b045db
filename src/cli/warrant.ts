/**
 * `delegation-bench warrant decode|verify` (docs/cli.md): look inside a Tenuo warrant, or verify a
 * delegation chain and optionally authorize one call against it.
 *
 * Exit codes and where the blame goes:
 * - the tokens and the call are what is being judged: a token that does not parse is an invalid
 *   warrant like any other (JSON with `"code": "malformed"` and what was wrong, exit 1), and so is
 *   a denied call (exit 1);
 * - the command's own parameters are input: a missing or malformed flag (`--trusted-root`, `--now`,
 *   `--revoked`, `--args`, `--pop`, `--holder-key`) is a usage error (message on stderr, exit 2).
 * The wall clock is read only here, at the edge, and only when `--now` is absent.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ArtifactFileError, readArtifactFile } from '../import/file.js';
import { fromHex } from '../lib/bytes.js';
import { describeValue, describeWarrant, type Json } from '../warrant/describe.js';
import { isWarrantError, WarrantError } from '../warrant/errors.js';
import { parseWarrantId, warrantIdString } from '../warrant/id.js';
import { Authorizer } from '../warrant/authorize.js';
import { SigningKey } from '../warrant/keys.js';
import { signPop } from '../warrant/pop.js';
import { JsonArgsError, parseJsonArgs } from '../warrant/json-args.js';
import { readTokens, type ReadTokens } from '../warrant/text.js';
import { checkDecodedIssuedAt, clockQuirks } from '../warrant/validity.js';
import type { Args, Value } from '../warrant/constraint-value.js';
import type { SignedWarrant } from '../warrant/types.js';
import { EXIT_FAILED, EXIT_OK, UsageError, type CliIO, type Command } from './io.js';
import { warrantExportCommand } from './warrant-export.js';

const USAGE = `usage:
  delegation-bench warrant decode TOKEN
  delegation-bench warrant verify --trusted-root HEX [--now UNIX] [--revoked ID]...
                       [--tool T --args JSON [--pop HEX | --holder-key SEEDHEX]] TOKEN...
  delegation-bench warrant export --scenario NAME [--scenarios PATH]... [--seed S]

TOKEN: a SignedWarrant or WarrantStack as base64url, hex or PEM, or a file holding one; '-' reads
stdin. Several tokens form a chain, root first. decode prints the warrant as JSON (an array for a
stack); verify prints {"valid", "chain_valid", "code", "message", "chain", "authorization", "warnings"}
(valid: the chain verified and the call, if any, was allowed), deciding
at --now as Tenuo keeps time (docs/scenarios.md#time). In --args, a number
with a fraction or an exponent is a float, an integral number an int; {"$float": 1} forces a float,
{"$int": "…"} an int.
export writes a scenario's task_scoped grant as the run's chain (PEM; warrant export --help).
Exit: 0 valid, 1 invalid warrant or denied call, 2 usage.
`;

// ------------------------------------------------------------------------------------------------
// Argument parsing
// ------------------------------------------------------------------------------------------------

interface Parsed {
  readonly flags: Map<string, string[]>;
  readonly tokens: string[];
}

/** Splits argv into known `--flag value` / `--flag=value` pairs and positional tokens. */
function parseArgv(argv: readonly string[], known: readonly string[]): Parsed {
  const flags = new Map<string, string[]>();
  const tokens: string[] = [];
  let onlyTokens = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    // '-' is stdin; a PEM block passed as an argument starts with dashes too.
    if (onlyTokens || arg === '-' || !arg.startsWith('--') || arg.startsWith('-----')) {
      tokens.push(arg);
      continue;
    }
    if (arg === '--') {
      onlyTokens = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    if (!known.includes(name)) throw new UsageError(`unknown option '--${name}'\n${USAGE}`);
    let value: string;
    if (eq !== -1) value = arg.slice(eq + 1);
    else {
      if (i + 1 >= argv.length) throw new UsageError(`--${name} needs a value`);
      value = argv[++i]!;
    }
    flags.set(name, [...(flags.get(name) ?? []), value]);
  }
  return { flags, tokens };
}

function single(p: Parsed, name: string): string | undefined {
  const values = p.flags.get(name);
  if (values === undefined) return undefined;
  if (values.length > 1) throw new UsageError(`--${name} may be given once`);
  return values[0];
}

function hexBytes(text: string, what: string, length?: number): Uint8Array {
  const bytes = fromHex(text.trim());
  if (bytes === undefined) throw new UsageError(`${what}: not hex (${JSON.stringify(text.slice(0, 40))})`);
  if (length !== undefined && bytes.length !== length) {
    throw new UsageError(`${what}: expected ${length} bytes (${2 * length} hex digits), got ${bytes.length}`);
  }
  return bytes;
}

function parseNow(text: string | undefined): number {
  // The real clock is allowed here, at the edge; the engine below only sees the number.
  if (text === undefined) return Math.floor(Date.now() / 1000);
  if (!/^\d{1,15}$/.test(text)) throw new UsageError(`--now: expected unix seconds (a whole number), got ${JSON.stringify(text)}`);
  return Number(text);
}

function parseRevoked(values: readonly string[]): string[] {
  // Normalized to the exact display form the verifier matches, so a bare-hex or upper-case id
  // cannot silently fail to revoke.
  return values.map((v) => {
    try {
      return warrantIdString(parseWarrantId(v.trim()));
    } catch (e) {
      if (isWarrantError(e)) throw new UsageError(`--revoked: ${e.message}`);
      throw e;
    }
  });
}

// ------------------------------------------------------------------------------------------------
// --args: JSON that keeps int and float apart (the parser lives in warrant/json-args.ts)
// ------------------------------------------------------------------------------------------------

export function parseArgsJson(text: string): Args {
  try {
    return parseJsonArgs(text, { typedMarkers: true });
  } catch (e) {
    if (e instanceof JsonArgsError) throw new UsageError(`--args: ${e.message}`);
    throw e;
  }
}

// ------------------------------------------------------------------------------------------------
// Tokens
// ------------------------------------------------------------------------------------------------

/** Enough for a chain of tokens in any text form; more is refused before it is held in memory. */
const MAX_STDIN_BYTES = 4 * 1024 * 1024;

/**
 * Whether a TOKEN argument names a file rather than holding the token: as in Tenuo's CLI, an
 * existing file is read. A '.' never occurs in base64url, hex or PEM text, and no token starts
 * with '/', so an argument like that which names no file is a mistyped path (a usage error), not
 * a malformed token.
 */
function tokenFile(arg: string, io: CliIO): string | undefined {
  if (arg.startsWith('-----') || arg.length > MAX_PATH_CHARS || /\s/.test(arg)) return undefined;
  const path = resolve(io.cwd, arg);
  if (existsSync(path)) return path;
  if (arg.includes('.') || arg.startsWith('/')) {
    throw new UsageError(`${arg}: no such file (a TOKEN is a file, '-' for stdin, or the token itself as base64url, hex or PEM)`);
  }
  return undefined;
}

const MAX_PATH_CHARS = 4096;

/** One token text, or several separated by whitespace (a PEM text is one). */
function splitTokens(text: string): string[] {
  const t = text.trim();
  if (t.length === 0) return [''];
  return t.startsWith('-----') ? [t] : t.split(/\s+/);
}

/**
 * The texts of the tokens: '-' replaced by stdin and a file name by the file (each split on
 * whitespace unless PEM).
 */
async function tokenTexts(tokens: readonly string[], io: CliIO): Promise<string[]> {
  if (tokens.filter((t) => t === '-').length > 1) throw new UsageError("'-' (stdin) may be given once");
  const out: string[] = [];
  for (const t of tokens) {
    if (t === '-') {
      out.push(...splitTokens(await io.readStdin(MAX_STDIN_BYTES)));
      continue;
    }
    const file = tokenFile(t, io);
    if (file === undefined) {
      out.push(t);
      continue;
    }
    try {
      out.push(...splitTokens(readArtifactFile(file, file, { maxBytes: MAX_STDIN_BYTES })));
    } catch (e) {
      if (e instanceof ArtifactFileError) throw new UsageError(`${t}: ${e.message}`);
      throw e;
    }
  }
  return out;
}

/**
 * All tokens' warrants, root first, with how each was carried (single token or stack: Tenuo checks
 * issued_at only on the first, see text.ts readTokens). Throws WarrantError (malformed) naming the
 * bad token.
 */
function chainOf(texts: readonly string[]): ReadTokens {
  const chain: ReadTokens = { warrants: [], carried: [] };
  texts.forEach((text, i) => {
    try {
      const read = readTokens(text);
      chain.warrants.push(...read.warrants);
      chain.carried.push(...read.carried);
    } catch (e) {
      if (isWarrantError(e) && texts.length > 1) throw new WarrantError(e.code, `token ${i + 1}: ${e.message}`);
      throw e;
    }
  });
  return chain;
}

/**
 * The chain for the verify report. Payloads are decoded only when read (verify before
 * deserialize), so one may turn out not to decode; the verdict already says why the chain failed,
 * and the list is then empty, as when a token does not parse.
 */
function describeChain(chain: readonly SignedWarrant[]): Json {
  try {
    return chain.map(describeWarrant);
  } catch (e) {
    if (!isWarrantError(e)) throw e;
    return [];
  }
}

function print(io: CliIO, value: Json): void {
  io.stdout(`${JSON.stringify(value, null, 2)}\n`);
}

// ------------------------------------------------------------------------------------------------
// Commands
// ------------------------------------------------------------------------------------------------

async function decodeCommand(argv: string[], io: CliIO): Promise<number> {
  const p = parseArgv(argv, ['help']);
  if (p.tokens.length !== 1) throw new UsageError(`decode takes exactly one TOKEN\n${USAGE}`);
  const texts = await tokenTexts(p.tokens, io);
  let described: Json;
  try {
    const chain = chainOf(texts).warrants;
    // One envelope decodes to one object, a stack (or several PEM blocks) to an array. Describing
    // reads each payload, which the parser leaves undecoded until then (verify before deserialize):
    // a payload that does not decode fails here, as malformed / unknown_field with its reason.
    described =
      chain.length === 1 && texts.length === 1 && !isStackText(texts[0]!) ? describeWarrant(chain[0]!) : chain.map(describeWarrant);
  } catch (e) {
    if (!isWarrantError(e)) throw e;
    print(io, { valid: false, code: e.code, message: e.message });
    return EXIT_FAILED;
  }
  print(io, described);
  return EXIT_OK;
}

/** Whether a token's bytes are a WarrantStack (several PEM blocks count as one). */
function isStackText(text: string): boolean {
  const t = text.trim();
  if (t.startsWith('-----')) return (t.match(/-----BEGIN /g) ?? []).length > 1 || t.includes('WARRANT CHAIN');
  const bytes = /^[0-9a-fA-F]+$/.test(t) ? fromHex(t) : Buffer.from(t, 'base64url');
  // A stack's first element is an array (0x8_/0x9_); an envelope's is the int 1.
  return bytes !== undefined && bytes.length > 1 && bytes[1]! >> 5 === 4;
}

async function verifyCommand(argv: string[], io: CliIO): Promise<number> {
  const p = parseArgv(argv, ['trusted-root', 'now', 'revoked', 'tool', 'args', 'pop', 'holder-key', 'help']);
  const roots = (p.flags.get('trusted-root') ?? []).map((h) => hexBytes(h, '--trusted-root', 32));
  if (roots.length === 0) throw new UsageError(`verify needs --trusted-root HEX (the org key that anchors the chain)\n${USAGE}`);
  const now = parseNow(single(p, 'now'));
  const revoked = parseRevoked(p.flags.get('revoked') ?? []);
  const tool = single(p, 'tool');
  const argsText = single(p, 'args');
  const popHex = single(p, 'pop');
  const holderSeed = single(p, 'holder-key');
  if (tool === undefined && (argsText !== undefined || popHex !== undefined || holderSeed !== undefined)) {
    throw new UsageError('--args, --pop and --holder-key describe a call: give --tool too');
  }
  if (tool !== undefined && popHex === undefined && holderSeed === undefined) {
    throw new UsageError('--tool needs a proof-of-possession: --pop HEX, or --holder-key SEEDHEX to sign one');
  }
  if (popHex !== undefined && holderSeed !== undefined) throw new UsageError('give --pop or --holder-key, not both');
  const args = argsText === undefined ? (Object.create(null) as Args) : parseArgsJson(argsText);
  const pop = popHex === undefined ? undefined : hexBytes(popHex, '--pop');
  const holder = holderSeed === undefined ? undefined : SigningKey.fromSeed(hexBytes(holderSeed, '--holder-key', 32));
  if (p.tokens.length === 0) throw new UsageError(`verify needs at least one TOKEN\n${USAGE}`);
  const texts = await tokenTexts(p.tokens, io);

  const authorizer = new Authorizer({ trustedRoots: roots, clock: () => now, revoked });
  const describeArgs = (): Json => describeValue(args as Value);
  let chain: SignedWarrant[] = [];
  let warnings: string[] = [];
  // `valid` is the whole answer (exit code); `chain_valid` and `authorization` say it apart, so a
  // denied call is never read as a broken chain, nor a broken chain as a denied call.
  const report = (error: WarrantError | undefined, authorization: Json, chainValid = error === undefined): number => {
    const message =
      error === undefined
        ? tool === undefined
          ? 'chain verified'
          : `chain verified; ${tool} allowed`
        : chainValid
          ? `chain verified; ${tool} denied: ${error.message}`
          : error.message;
    print(io, {
      valid: error === undefined,
      chain_valid: chainValid,
      code: error === undefined ? null : error.code,
      message,
      chain: describeChain(chain),
      authorization,
      warnings,
    });
    return error === undefined ? EXIT_OK : EXIT_FAILED;
  };
  const notEvaluated = (e: WarrantError): Json =>
    tool === undefined ? null : { tool, args: describeArgs(), allowed: false, code: e.code, message: `not evaluated: ${e.message}` };

  try {
    const read = chainOf(texts);
    chain = read.warrants;
    authorizer.verifyChain(chain);
    // Tenuo checks issued_at while decoding a single token (never a stack); verified first here,
    // so that nothing but a key is read from bytes whose signature has not verified.
    checkDecodedIssuedAt(chain, read.carried, now);
    warnings = clockQuirks(chain, read.carried, now, tool !== undefined);
  } catch (e) {
    if (!isWarrantError(e)) throw e;
    return report(e, notEvaluated(e));
  }
  if (tool === undefined) return report(undefined, null);
  const leaf = chain[chain.length - 1]!.payload;
  try {
    const proof = pop ?? signPop(holder!, leaf.id, tool, args, now);
    authorizer.authorize(chain, { tool, args, pop: proof });
  } catch (e) {
    if (!isWarrantError(e)) throw e;
    return report(e, { tool, args: describeArgs(), allowed: false, code: e.code, message: e.message }, true);
  }
  return report(undefined, { tool, args: describeArgs(), allowed: true, code: null, message: `${tool} allowed` });
}

export const warrantCommand: Command = async (argv, io) => {
  const [sub, ...rest] = argv;
  if (sub === 'export') return warrantExportCommand(rest, io);
  if (sub === '--help' || sub === '-h' || sub === 'help' || rest.includes('--help')) {
    io.stdout(USAGE);
    return EXIT_OK;
  }
  if (sub === 'decode') return decodeCommand(rest, io);
  if (sub === 'verify') return verifyCommand(rest, io);
  throw new UsageError(`${sub === undefined ? 'missing subcommand' : `unknown subcommand '${sub}'`}\n${USAGE}`);
};
