// Copies Tenuo's own answers (a `tenuo-answers/` folder: chains.jsonl, sets.jsonl, see its README)
// into test/fixtures/tenuo-answers/ as gzip'd JSON lines, keeping every case and, of each, what a
// replay needs: the tokens in all three transports, the request, and Tenuo's verdict and reason.
// Dropped: the decoded warrants (bar their times), Tenuo's verification result details and the
// PoP signer's echo, all derivable from what is kept. Tests read only these copies.
//
//   node scripts/tenuo-answers-vectors.mjs PATH/TO/tenuo-answers
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const src = process.argv[2];
if (!src) {
  console.error('usage: node scripts/tenuo-answers-vectors.mjs TENUO_ANSWERS_DIR');
  process.exit(2);
}
const out = new URL('../test/fixtures/tenuo-answers/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });

// JSON.parse reads `1000.0` as the int 1000; Tenuo read it as a Float (an integral number is an
// Integer, one with a fraction or exponent a Float). Every such number outside a string becomes
// the marker {"$float": x}, the convention of `warrant verify --args` and of the corpus itself.
function floatsMarked(line) {
  let out = '';
  for (let i = 0; i < line.length;) {
    const c = line[i];
    if (c === '"') {
      let j = i + 1;
      while (line[j] !== '"') j += line[j] === '\\' ? 2 : 1;
      out += line.slice(i, j + 1);
      i = j + 1;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      const m = /^-?\d+(\.\d+)?([eE][-+]?\d+)?/.exec(line.slice(i));
      out += m[1] !== undefined || m[2] !== undefined ? `{"$float": ${m[0]}}` : m[0];
      i += m[0].length;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

// A marker the corpus already wrote ({"$float": 100.5}) must not be wrapped twice.
function unwrap(v) {
  if (Array.isArray(v)) return v.map(unwrap);
  if (v === null || typeof v !== 'object') return v;
  const keys = Object.keys(v);
  if (keys.length === 1 && keys[0] === '$float' && typeof v.$float === 'object' && v.$float !== null) return unwrap(v.$float);
  return Object.fromEntries(keys.map((k) => [k, unwrap(v[k])]));
}

const lines = (file, marked) =>
  readFileSync(join(src, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => (marked ? unwrap(JSON.parse(floatsMarked(l))) : JSON.parse(l)));

function pick(o, keys) {
  const r = {};
  for (const k of keys) if (o[k] !== undefined) r[k] = o[k];
  return r;
}

const chains = lines('chains.jsonl', true).map((c) => {
  const a = c.mint.answer;
  const answer = a.ok
    ? {
        ok: true,
        trusted_root: a.trusted_root,
        chain_pem: a.chain_pem,
        warrants: a.warrants.map((w) => ({
          id: w.id,
          base64: w.base64,
          pem: w.pem,
          issued_at: w.warrant.issued_at,
          expires_at: w.warrant.expires_at,
        })),
      }
    : { ok: false, error: a.error };
  return {
    id: c.id,
    levels: c.levels,
    mint: { request: c.mint.request, answer },
    checks: c.checks.map((k) => ({
      ...pick(k, ['id', 'what', 'transport', 'links', 'request']),
      answer: pick(k.answer, ['valid', 'allowed', 'stage', 'error', 'error_variant', 'pop_signature']),
    })),
  };
});

const write = (name, rows) => {
  const text = rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
  writeFileSync(join(out, name), gzipSync(text, { level: 9 }));
  console.log(`${name}: ${rows.length} lines`);
};
write('chains.jsonl.gz', chains);
// Copied as they are: the test reads them with a parser that keeps int and float apart.
const setsText = readFileSync(join(src, 'sets.jsonl'));
writeFileSync(join(out, 'sets.jsonl.gz'), gzipSync(setsText, { level: 9 }));
console.log(
  `sets.jsonl.gz: ${
    setsText
      .toString('utf8')
      .split('\n')
      .filter((l) => l.trim() !== '').length
  } lines`,
);
