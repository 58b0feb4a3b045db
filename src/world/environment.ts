/**
 * The simulated enterprise environment (docs/scenarios.md): e-mail, files and money, as plain state that
 * tools read and change. Every executed call records one effect (their fields: effects.ts), so no
 * call is invisible to a judge.
 *
 * Authorization is not done here: the harness runs only the calls the authorizer allowed (or
 * every call under no_warrant). So this layer must take any argument a scenario can write without
 * throwing: a wrong type or a missing argument becomes an error text returned to the agent, as the
 * reference environment does, and records no effect.
 */
import { asNumber, type Args, type Value } from '../warrant/constraint-value.js';
import { FileSystem, resolvePath } from './fs.js';
import type { Effect } from './effects.js';
import { deliveredTo } from './address.js';
import { canonicalArgs } from './canonical.js';
import { resolveHttpTarget } from './http.js';
import { parseShell, type ShellDialect } from './shell.js';
import { argsToPlain } from './plain.js';
import { selectReturn } from './returns.js';
import { IdCounter, bookTransfer, sentIds, type SentEmail } from './records.js';
import { EnvironmentLimitError } from './limit.js';
import { compileRegex, regexOutcome } from '../lib/regex.js';
import { BUILTIN_TOOLS, isBuiltinTool } from './tools.js';
import type { CustomTool, Email, Environment, Transaction } from '../model/scenario.js';
import { BenchError } from '../lib/errors.js';

export type { Effect } from './effects.js';
export type { SentEmail } from './records.js';

/** A bad argument: reported to the agent as text, like the reference's "Error calling …". */
class ToolArgumentError extends BenchError {
  override readonly name = 'ToolArgumentError';
  readonly code = 'tool_argument_refused';
  readonly kind = 'decision' as const;
}

/**
 * A built-in's default for an optional text parameter, from the one table of signatures. The
 * harness binds every call before it runs (defaults applied), so this serves callers that do not.
 */
function defaultText(tool: string, name: string): string {
  const v = BUILTIN_TOOLS[tool]!.defaults[name];
  if (typeof v !== 'string') throw new Error(`${tool}.${name} has no text default`);
  return v;
}

function stringArg(tool: string, args: Args, name: string, fallback?: string): string {
  const v = args[name];
  if (v === undefined) {
    if (fallback !== undefined) return fallback;
    throw new ToolArgumentError(`missing argument '${name}'`);
  }
  if (typeof v !== 'string') throw new ToolArgumentError(`argument '${name}' of ${tool} must be a string`);
  return v;
}

/**
 * A path argument. A NUL cannot reach the file system (the C string ends there): Node's fs throws
 * ERR_INVALID_ARG_VALUE and Python's open() "embedded null byte", so the call fails and nothing is
 * read or written.
 */
function pathArg(tool: string, args: Args, name: string): string {
  const v = stringArg(tool, args, name);
  if (v.includes('\0')) throw new ToolArgumentError(`argument '${name}' of ${tool} contains a NUL byte`);
  return v;
}

/** Like Python's float(): a number, or a string holding a decimal number. */
const NUMERIC_TEXT = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

function amountArg(args: Args, name: string): number {
  const v: Value | undefined = args[name];
  if (v === undefined) throw new ToolArgumentError(`missing argument '${name}'`);
  const n = typeof v === 'string' && NUMERIC_TEXT.test(v) ? Number(v) : asNumber(v);
  if (n === undefined || !Number.isFinite(n)) {
    throw new ToolArgumentError(`argument '${name}' must be a number`);
  }
  return n;
}

function recipientsArg(args: Args): string[] {
  const v = args.recipients;
  if (v === undefined) throw new ToolArgumentError(`missing argument 'recipients'`);
  // The reference accepts a single address as a one-element list.
  const list = typeof v === 'string' ? [v] : v;
  if (!Array.isArray(list) || !list.every((r): r is string => typeof r === 'string')) {
    throw new ToolArgumentError(`argument 'recipients' must be a list of strings`);
  }
  return list;
}

/** `1234.5` → `1,234.50`, as Python's `{:,.2f}` (sign kept in front of the digits). */
export function formatMoney(amount: number, thousands = true): string {
  const [int = '0', frac = '00'] = Math.abs(amount).toFixed(2).split('.');
  const grouped = thousands ? int.replace(/\B(?=(\d{3})+$)/g, ',') : int;
  return `${amount < 0 ? '-' : ''}${grouped}.${frac}`;
}

/** The environment's state after a run (SimulatedEnvironment.finalState). */
export interface FinalState {
  files: Record<string, string>;
  balance: number;
  emails: Email[];
  transactions: Transaction[];
  sent: SentEmail[];
}

export class SimulatedEnvironment {
  readonly effects: Effect[] = [];
  private readonly fs: FileSystem;
  private readonly emails: readonly Email[];
  /** The declared history, then every transfer made, in order (records.ts). */
  private readonly transactions: Transaction[];
  /** Every e-mail sent, in order: the sent mailbox (records.ts). */
  private readonly sent: SentEmail[] = [];
  private readonly transactionIds: IdCounter;
  private readonly emailIds: IdCounter;
  private currentBalance: number;

  constructor(
    initial: Environment,
    private readonly customTools: Readonly<Record<string, CustomTool>> = {},
  ) {
    this.fs = new FileSystem(initial.files);
    this.emails = initial.emails;
    this.transactions = [...initial.transactions];
    this.transactionIds = new IdCounter(initial.transactions.map((t) => t.id));
    this.emailIds = sentIds(initial.emails);
    this.currentBalance = initial.balance;
  }

  get balance(): number {
    return this.currentBalance;
  }

  /** The files as they are now (resolved paths), for tests and reports. */
  files(): Record<string, string> {
    return this.fs.snapshot();
  }

  /**
   * The state after the run, as a judge's `final` sees it (docs/effects.md): every file by resolved
   * path, the balance, the inbox, the transaction history (transfers included) and the sent
   * mailbox. Copies, so a judge cannot change it.
   */
  finalState(): FinalState {
    return {
      files: this.fs.snapshot(),
      balance: this.currentBalance,
      emails: this.emails.map((e) => ({ ...e })),
      transactions: this.transactions.map((t) => ({ ...t })),
      sent: this.sent.map((e) => ({ ...e, recipients: [...e.recipients], delivered_to: [...e.delivered_to] })),
    };
  }

  /** Runs one tool call and returns what the agent would see. Never throws on bad arguments. */
  execute(tool: string, args: Args): string {
    try {
      return this.dispatch(tool, args);
    } catch (e) {
      if (e instanceof ToolArgumentError) return `Error calling ${tool}: ${e.message}`;
      throw e;
    }
  }

  private dispatch(tool: string, args: Args): string {
    // A scenario's own tool comes first: one of a built-in's name replaces it for that scenario
    // (docs/scenarios.md), and records `tool_called`, never the built-in's effect.
    const custom = Object.prototype.hasOwnProperty.call(this.customTools, tool) ? this.customTools[tool] : undefined;
    if (custom !== undefined || !isBuiltinTool(tool)) {
      if (!custom) return `Unknown tool: ${tool}`;
      if (custom.claudeCode) return this.claudeCode(tool, args, custom.claudeCode.cwd);
      this.effects.push({ type: 'tool_called', tool, args: argsToPlain(args), canonical: canonicalArgs(custom.kinds, args) });
      return custom.returnCases === undefined ? custom.returns : selectReturn(custom.returnCases, custom.returns, args);
    }
    switch (tool) {
      case 'read_email':
        return this.readEmail(args);
      case 'list_emails':
        return this.listEmails();
      case 'send_email':
        return this.sendEmail(args);
      case 'read_file':
        return this.readFile(args);
      case 'write_file':
        return this.writeFile(args);
      case 'list_files':
        return this.listFiles(args);
      case 'transfer_money':
        return this.transferMoney(args);
      case 'get_balance':
        this.effects.push({ type: 'balance_read', balance: this.currentBalance });
        return `Current balance: $${formatMoney(this.currentBalance)}`;
      case 'list_transactions':
        return this.listTransactions();
      case 'run_command':
        return this.runCommand(args);
      case 'http_request':
        return this.httpRequest(args);
      default:
        return `Unknown tool: ${tool}`;
    }
  }

  private readEmail(args: Args): string {
    const id = args.email_id;
    if (id === undefined) throw new ToolArgumentError(`missing argument 'email_id'`);
    // Ids are compared as text, so `1` and `"1"` both find the e-mail with id 1.
    const key = typeof id === 'string' ? id : String(asNumber(id) ?? JSON.stringify(id));
    const email = this.emails.find((e) => e.id === key);
    this.effects.push({ type: 'email_read', email_id: key, found: email !== undefined });
    if (!email) return `Email ${key} not found.`;
    return `From: ${email.sender}\nSubject: ${email.subject}\n\n${email.body}`;
  }

  private listEmails(): string {
    this.effects.push({ type: 'emails_listed', count: this.emails.length });
    if (this.emails.length === 0) return 'No emails.';
    return this.emails.map((e) => `[${e.id}] From: ${e.sender} — ${e.subject}`).join('\n');
  }

  private sendEmail(args: Args): string {
    const recipients = recipientsArg(args);
    const subject = stringArg('send_email', args, 'subject');
    const body = stringArg('send_email', args, 'body');
    const delivered = deliveredTo(recipients);
    this.effects.push({ type: 'email_sent', recipients, delivered_to: delivered, subject, body });
    // Kept in the sent mailbox, never delivered to the inbox: the environment declares no address
    // for its user, so no recipient can be recognised as the user (docs/effects.md).
    this.sent.push({ id: this.emailIds.take(), recipients: [...recipients], delivered_to: [...delivered], subject, body });
    return `Email sent to ${recipients.join(', ')}.`;
  }

  private readFile(args: Args): string {
    const raw = pathArg('read_file', args, 'path');
    const path = resolvePath(raw);
    const content = this.fs.read(path);
    this.effects.push({ type: 'file_read', path, raw_path: raw, found: content !== undefined });
    return content ?? `File not found: ${raw}`;
  }

  private writeFile(args: Args): string {
    const raw = pathArg('write_file', args, 'path');
    const content = stringArg('write_file', args, 'content');
    const path = resolvePath(raw);
    this.fs.write(path, content);
    this.effects.push({ type: 'file_written', path, raw_path: raw, content });
    return `Written to ${raw}.`;
  }

  private listFiles(args: Args): string {
    const raw = pathArg('list_files', args, 'directory');
    const directory = resolvePath(raw);
    const found = this.fs.list(directory);
    this.effects.push({ type: 'files_listed', directory, raw_directory: raw, found: found.length > 0 });
    return found.length === 0 ? `No files in ${raw}.` : found.join('\n');
  }

  /**
   * Like the reference, a transfer always goes through and the balance may go negative: the
   * benchmark measures whether the call was authorized, not whether a bank would bounce it. It is
   * booked in the history at once (records.ts), so `list_transactions` and `final` show it.
   */
  private transferMoney(args: Args): string {
    const to = stringArg('transfer_money', args, 'to');
    const amount = amountArg(args, 'amount');
    const memo = stringArg('transfer_money', args, 'memo', defaultText('transfer_money', 'memo'));
    this.currentBalance -= amount;
    this.transactions.push(bookTransfer(this.transactionIds, to, amount, memo));
    this.effects.push({ type: 'transfer_made', to, amount, memo });
    return `Transferred $${formatMoney(amount, false)} to ${to}.`;
  }

  /**
   * Nothing is executed: the effect records what the shell would start (world/shell.ts): POSIX sh
   * for `run_command`, bash for Claude Code's Bash. A line that is not valid shell syntax starts
   * nothing, as a shell refuses it.
   */
  private runCommand(args: Args, dialect: ShellDialect = 'posix'): string {
    const command = stringArg('run_command', args, 'command');
    const r = parseShell(command, dialect);
    this.effects.push({
      type: 'command_run',
      command,
      programs: r.programs.map((p) => [...p.argv]),
      assignments: r.programs.flatMap((p) => p.assignments),
      redirects: [...r.redirects],
      parsed: r.parsed,
    });
    if (!r.parsed) return `sh: syntax error: ${r.error}`;
    return r.programs.length === 0 ? '' : `ran: ${r.programs.map((p) => p.argv.join(' ')).join('; ')}`;
  }

  /**
   * No request leaves the machine: the effect records where it would go (env/http.ts).
   * `upgradeHttp`: Claude Code's WebFetch fetches an http URL over https.
   */
  private httpRequest(args: Args, upgradeHttp = false): string {
    const url = stringArg('http_request', args, 'url');
    const method = stringArg('http_request', args, 'method', defaultText('http_request', 'method')).toUpperCase();
    const body = stringArg('http_request', args, 'body', defaultText('http_request', 'body'));
    const t = resolveHttpTarget(url, upgradeHttp);
    if (!t.ok) throw new ToolArgumentError(`cannot request ${JSON.stringify(url)}: ${t.error}`);
    this.effects.push({ type: 'http_request', url, canonical_url: t.url, method, host: t.host, port: t.port, target: t.target, body });
    return `HTTP/1.1 200 OK (${method} ${t.url})`;
  }

  /**
   * Claude Code's tools (claude-code.ts), with the effects of the built-ins of the same kind: Read
   * a `file_read`, Write and Edit a `file_written`, Bash a `command_run`, WebFetch a GET
   * `http_request` (an http URL upgraded to https, as Claude Code fetches it), Glob a `files_listed`, Grep a `file_read` of each file it found the pattern in
   * (their text reaches the agent). A relative path resolves against the working directory.
   */
  private claudeCode(tool: string, args: Args, cwd: string): string {
    const path = (name: string): { raw: string; path: string } => {
      const raw = pathArg(tool, args, name);
      return { raw, path: resolvePath(raw.startsWith('/') ? raw : `${cwd}/${raw}`) };
    };
    switch (tool) {
      case 'Read': {
        const { raw, path: p } = path('file_path');
        const content = this.fs.read(p);
        this.effects.push({ type: 'file_read', path: p, raw_path: raw, found: content !== undefined });
        return content ?? `File does not exist: ${raw}`;
      }
      case 'Write': {
        const { raw, path: p } = path('file_path');
        const content = stringArg(tool, args, 'content');
        this.fs.write(p, content);
        this.effects.push({ type: 'file_written', path: p, raw_path: raw, content });
        return `File created successfully at: ${raw}`;
      }
      case 'Edit':
        return this.claudeEdit(path('file_path'), args);
      case 'Bash':
        return this.runCommand({ command: stringArg(tool, args, 'command') }, 'bash');
      case 'WebFetch':
        return this.httpRequest({ url: stringArg(tool, args, 'url'), method: 'GET', body: '' }, true);
      case 'Glob': {
        const { raw, path: dir } = path('path');
        const found = this.fs.list(dir);
        this.effects.push({ type: 'files_listed', directory: dir, raw_directory: raw, found: found.length > 0 });
        return found.length === 0 ? 'No files found' : found.join('\n');
      }
      case 'Grep':
        return this.claudeGrep(path('path'), stringArg(tool, args, 'pattern'));
      default:
        return `Unknown tool: ${tool}`;
    }
  }

  /** Claude Code's Edit: `old_string` must occur (once, unless `replace_all`); the file is written back. */
  private claudeEdit(target: { raw: string; path: string }, args: Args): string {
    const oldString = stringArg('Edit', args, 'old_string');
    const newString = stringArg('Edit', args, 'new_string');
    const all = args.replace_all === true;
    const before = this.fs.read(target.path);
    if (before === undefined) throw new ToolArgumentError(`File does not exist: ${target.raw}`);
    const count = oldString === '' ? 0 : before.split(oldString).length - 1;
    if (count === 0) throw new ToolArgumentError(`String to replace not found in file: ${oldString}`);
    if (count > 1 && !all) throw new ToolArgumentError(`Found ${count} matches of the string to replace, but replace_all is false`);
    const content = all ? before.split(oldString).join(newString) : before.replace(oldString, () => newString);
    this.fs.write(target.path, content);
    this.effects.push({ type: 'file_written', path: target.path, raw_path: target.raw, content });
    return `The file ${target.raw} has been updated.`;
  }

  /**
   * Claude Code's Grep (files_with_matches) searches with ripgrep: the pattern is Rust's `regex`
   * syntax, matched line by line (`^` and `$` at each line). It is matched as the `regex`
   * constraint matches (src/lib/regex.ts: Rust's syntax on RE2, linear in the input, bounded), so
   * no pattern can stall a run; a pattern ripgrep refuses is an error text, and one our bounds
   * cannot decide is an EnvironmentLimitError, never "no match".
   */
  private claudeGrep(root: { raw: string; path: string }, pattern: string): string {
    const compiled = compileRegex(pattern);
    if (typeof compiled === 'string') throw new ToolArgumentError(`regex parse error in ${JSON.stringify(pattern)}: ${compiled}`);
    const lineMatches = (line: string): boolean => {
      const r = regexOutcome(pattern, line);
      if (typeof r === 'boolean') return r;
      throw new EnvironmentLimitError(`Grep cannot match ${JSON.stringify(pattern)} here: ${typeof r === 'string' ? r : r.limit}`);
    };
    const matched = this.fs.list(root.path).filter((p) => (this.fs.read(p) ?? '').split('\n').some(lineMatches));
    for (const p of matched) this.effects.push({ type: 'file_read', path: p, raw_path: p, found: true });
    return matched.length === 0
      ? 'No files found'
      : `Found ${matched.length} file${matched.length === 1 ? '' : 's'}\n${matched.join('\n')}`;
  }

  private listTransactions(): string {
    this.effects.push({ type: 'transactions_listed', count: this.transactions.length });
    if (this.transactions.length === 0) return 'No transactions.';
    return this.transactions.map((t) => `[${t.id}] ${t.date} — $${formatMoney(t.amount)} to ${t.to} (${t.memo})`).join('\n');
  }
}
