/**
 * `environment:`: the files, transactions, emails and balance a scenario starts with. Checks what
 * the schema cannot: canonical absolute file paths, a path that is a file and a folder at once,
 * duplicate email ids.
 */
import type { Email, Environment, Transaction } from '../../model/scenario.js';
import { normalizePosixPath } from '../../world/posix-path.js';
import { at, type PathSegment } from '../key-path.js';
import type { PMap, PNode } from '../../lib/yaml-tree.js';
import { scalarText, type ScenarioCursor } from './cursor.js';

export const DEFAULT_BALANCE = 10_000;

export function readEnvironment(cursor: ScenarioCursor): Environment | undefined {
  const env = cursor.entry(cursor.root, 'environment')?.value;
  if (env === undefined) return { files: {}, transactions: [], emails: [], balance: DEFAULT_BALANCE };
  if (env.kind !== 'map' || cursor.failed.has(env)) return undefined;
  const files: Record<string, string> = Object.create(null) as Record<string, string>;
  let ok = true;
  const filesNode = cursor.entry(env, 'files')?.value;
  if (filesNode?.kind === 'map' && !cursor.failed.has(filesNode)) {
    for (const e of filesNode.entries) {
      const path = e.key;
      const where: PathSegment[] = ['environment', 'files', path];
      const canonical = path.startsWith('/') ? normalizePosixPath(path) : undefined;
      if (canonical === undefined) {
        cursor.report(e.keySpan.start, at(where, 'file paths must be absolute (start with /)'));
        ok = false;
      } else if (path.includes('\0')) {
        cursor.report(e.keySpan.start, at(where, 'file paths must not contain a NUL character'));
        ok = false;
      } else if (path === '/') {
        cursor.report(e.keySpan.start, at(where, "'/' is the root folder, not a file"));
        ok = false;
      } else if (canonical !== path) {
        cursor.report(e.keySpan.start, at(where, `file paths must be written in normal form (did you mean '${canonical}'?)`));
        ok = false;
      } else if (Object.prototype.hasOwnProperty.call(files, path)) {
        cursor.report(e.keySpan.start, at(where, 'duplicate file path'));
        ok = false;
      } else if (e.value.kind === 'scalar' && typeof e.value.value === 'string') {
        files[path] = e.value.value;
      }
    }
  }
  // A path that is a file and also the folder of another file cannot exist in one file system.
  if (filesNode?.kind === 'map') {
    for (const e of filesNode.entries) {
      for (let i = e.key.lastIndexOf('/'); i > 0; i = e.key.lastIndexOf('/', i - 1)) {
        const parent = e.key.slice(0, i);
        if (Object.prototype.hasOwnProperty.call(files, parent)) {
          cursor.report(e.keySpan.start, at(['environment', 'files', e.key], `'${parent}' is a file, so it cannot also be a folder`));
          ok = false;
          break;
        }
      }
    }
  }
  const transactions: Transaction[] = records(cursor, env, 'transactions').map((m) => ({
    id: idText(cursor.entry(m, 'id')!.value),
    date: scalarText(cursor.entry(m, 'date')!.value),
    to: scalarText(cursor.entry(m, 'to')!.value),
    amount: Number(scalarNumber(cursor.entry(m, 'amount')!.value)),
    memo: scalarText(cursor.entry(m, 'memo')!.value),
  }));
  const emails: Email[] = records(cursor, env, 'emails').map((m) => ({
    id: idText(cursor.entry(m, 'id')!.value),
    sender: scalarText(cursor.entry(m, 'sender')!.value),
    subject: scalarText(cursor.entry(m, 'subject')!.value),
    body: scalarText(cursor.entry(m, 'body')!.value),
  }));
  const seenIds = new Set<string>();
  for (const m of records(cursor, env, 'emails')) {
    const idNode = cursor.entry(m, 'id')!.value;
    const id = idText(idNode);
    if (seenIds.has(id)) {
      cursor.report(idNode.span.start, at(['environment', 'emails'], `duplicate email id ${id}`));
      ok = false;
    }
    seenIds.add(id);
  }
  const balanceNode = cursor.entry(env, 'balance')?.value;
  const balance = balanceNode === undefined ? DEFAULT_BALANCE : Number(scalarNumber(balanceNode));
  if (cursor.tainted.has(env)) return undefined;
  return ok ? { files, transactions, emails, balance } : undefined;
}

/** The records of a list (`transactions:`, `emails:`) the schema passed. */
function records(cursor: ScenarioCursor, env: PMap, key: string): PMap[] {
  const list = cursor.entry(env, key)?.value;
  if (list?.kind !== 'seq' || cursor.failed.has(list)) return [];
  return list.items.filter((i): i is PMap => i.kind === 'map' && !cursor.tainted.has(i));
}

function scalarNumber(node: PNode): number {
  return node.kind === 'scalar' && (typeof node.value === 'number' || typeof node.value === 'bigint') ? Number(node.value) : NaN;
}

function idText(node: PNode): string {
  if (node.kind !== 'scalar') return '';
  // An integral float (`id: 5.0`) is the integer 5, as the schema's `integer` admits it.
  if (typeof node.value === 'number' && Number.isInteger(node.value)) return BigInt(node.value).toString();
  return typeof node.value === 'string' || typeof node.value === 'bigint' ? String(node.value) : '';
}
