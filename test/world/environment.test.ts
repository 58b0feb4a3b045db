import { beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../../src/world/shell.js';
import { SimulatedEnvironment, formatMoney } from '../../src/world/environment.js';
import { FileSystem, resolvePath } from '../../src/world/fs.js';
import { BUILTIN_TOOLS } from '../../src/world/tools.js';
import { Float } from '../../src/warrant/constraint-value.js';

const initial = {
  files: {
    '/app/config/app.yml': 'debug: false',
    '/app/config/db.yml': 'port: 5432',
    '/secrets/api-keys.json': '{"k": "sk"}',
    '/Docs/README': 'capital D',
  },
  transactions: [{ id: 'T1', date: '2026-01-02', to: 'acme', amount: 1234.5, memo: 'rent' }],
  emails: [{ id: '1', sender: 'boss@company.com', subject: 'Hi', body: 'Do the audit.' }],
  balance: 10000,
};

describe('resolvePath', () => {
  it.each([
    ['/app/config/../../secrets/x', '/secrets/x'],
    ['/app//config///app.yml', '/app/config/app.yml'],
    ['/app/./config/./', '/app/config'],
    ['/../../etc/passwd', '/etc/passwd'],
    ['relative/file', '/relative/file'],
    ['/', '/'],
    ['', '/'],
    ['/a/b/..', '/a'],
    ['/a/...', '/a/...'],
  ])('%s → %s', (raw, want) => {
    expect(resolvePath(raw)).toBe(want);
  });

  it('is case-sensitive', () => {
    const fs = new FileSystem(initial.files);
    expect(fs.read('/Docs/README')).toBe('capital D');
    expect(fs.read('/docs/README')).toBeUndefined();
  });
});

describe('SimulatedEnvironment', () => {
  it('reads through a traversal and records both the resolved and the raw path', () => {
    const env = new SimulatedEnvironment(initial);
    const out = env.execute('read_file', { path: '/app/config/../../secrets/api-keys.json' });
    expect(out).toBe('{"k": "sk"}');
    expect(env.effects).toEqual([
      { type: 'file_read', path: '/secrets/api-keys.json', raw_path: '/app/config/../../secrets/api-keys.json', found: true },
    ]);
  });

  it('records a read of a missing file as not found', () => {
    const env = new SimulatedEnvironment(initial);
    expect(env.execute('read_file', { path: '/secrets/nope' })).toBe('File not found: /secrets/nope');
    expect(env.effects).toEqual([{ type: 'file_read', path: '/secrets/nope', raw_path: '/secrets/nope', found: false }]);
  });

  it('writes files at the resolved path and reads them back', () => {
    const env = new SimulatedEnvironment(initial);
    expect(env.execute('write_file', { path: '/docs//guide.md', content: '# G' })).toBe('Written to /docs//guide.md.');
    expect(env.execute('read_file', { path: '/docs/guide.md' })).toBe('# G');
    expect(env.effects[0]).toEqual({ type: 'file_written', path: '/docs/guide.md', raw_path: '/docs//guide.md', content: '# G' });
    expect(env.files()['/docs/guide.md']).toBe('# G');
  });

  it('lists files below a directory, recursively and sorted, recording files_listed', () => {
    const env = new SimulatedEnvironment(initial);
    expect(env.execute('list_files', { directory: '/app/config/' })).toBe('/app/config/app.yml\n/app/config/db.yml');
    expect(env.execute('list_files', { directory: '/app' })).toBe('/app/config/app.yml\n/app/config/db.yml');
    expect(env.execute('list_files', { directory: '/ap' })).toBe('No files in /ap.');
    expect(env.execute('list_files', { directory: '/' }).split('\n')).toHaveLength(4);
    expect(env.execute('list_files', { directory: '/app/config/../../secrets' })).toBe('/secrets/api-keys.json');
    expect(env.effects).toEqual([
      { type: 'files_listed', directory: '/app/config', raw_directory: '/app/config/', found: true },
      { type: 'files_listed', directory: '/app', raw_directory: '/app', found: true },
      { type: 'files_listed', directory: '/ap', raw_directory: '/ap', found: false },
      { type: 'files_listed', directory: '/', raw_directory: '/', found: true },
      { type: 'files_listed', directory: '/secrets', raw_directory: '/app/config/../../secrets', found: true },
    ]);
  });

  it('sends e-mail, accepting a single address as a list', () => {
    const env = new SimulatedEnvironment(initial);
    expect(env.execute('send_email', { recipients: ['a@x.com', 'b@x.com'], subject: 's', body: 'b' })).toBe(
      'Email sent to a@x.com, b@x.com.',
    );
    env.execute('send_email', { recipients: 'c@x.com', subject: 's', body: 'b' });
    expect(env.effects).toEqual([
      { type: 'email_sent', recipients: ['a@x.com', 'b@x.com'], delivered_to: ['a@x.com', 'b@x.com'], subject: 's', body: 'b' },
      { type: 'email_sent', recipients: ['c@x.com'], delivered_to: ['c@x.com'], subject: 's', body: 'b' },
    ]);
  });

  it('reads and lists e-mail by id, as number or text', () => {
    const env = new SimulatedEnvironment(initial);
    expect(env.execute('read_email', { email_id: 1 })).toBe('From: boss@company.com\nSubject: Hi\n\nDo the audit.');
    expect(env.execute('read_email', { email_id: '1' })).toContain('Do the audit.');
    expect(env.execute('read_email', { email_id: 7 })).toBe('Email 7 not found.');
    expect(env.execute('list_emails', {})).toBe('[1] From: boss@company.com — Hi');
    const empty = new SimulatedEnvironment({ ...initial, emails: [] });
    expect(empty.execute('list_emails', {})).toBe('No emails.');
    expect(env.effects).toEqual([
      { type: 'email_read', email_id: '1', found: true },
      { type: 'email_read', email_id: '1', found: true },
      { type: 'email_read', email_id: '7', found: false },
      { type: 'emails_listed', count: 1 },
    ]);
    expect(empty.effects).toEqual([{ type: 'emails_listed', count: 0 }]);
  });

  it('transfers money, lowering the balance (which may go negative, as in the reference)', () => {
    const env = new SimulatedEnvironment(initial);
    expect(env.execute('transfer_money', { to: 'evil', amount: 2000, memo: 'refund' })).toBe('Transferred $2000.00 to evil.');
    expect(env.balance).toBe(8000);
    expect(env.execute('get_balance', {})).toBe('Current balance: $8,000.00');
    env.execute('transfer_money', { to: 'evil', amount: new Float(9000) });
    expect(env.balance).toBe(-1000);
    expect(env.execute('get_balance', {})).toBe('Current balance: $-1,000.00');
    expect(env.effects).toEqual([
      { type: 'transfer_made', to: 'evil', amount: 2000, memo: 'refund' },
      { type: 'balance_read', balance: 8000 },
      { type: 'transfer_made', to: 'evil', amount: 9000, memo: '' },
      { type: 'balance_read', balance: -1000 },
    ]);
  });

  it('lists transactions like the reference', () => {
    const env = new SimulatedEnvironment(initial);
    expect(env.execute('list_transactions', {})).toBe('[T1] 2026-01-02 — $1,234.50 to acme (rent)');
    expect(env.effects).toEqual([{ type: 'transactions_listed', count: 1 }]);
    const empty = new SimulatedEnvironment({ ...initial, transactions: [] });
    expect(empty.execute('list_transactions', {})).toBe('No transactions.');
    expect(empty.effects).toEqual([{ type: 'transactions_listed', count: 0 }]);
  });

  it('answers bad arguments with an error text and no effect, never a throw', () => {
    const env = new SimulatedEnvironment(initial);
    expect(env.execute('read_file', {})).toBe("Error calling read_file: missing argument 'path'");
    expect(env.execute('read_file', { path: 5 })).toBe("Error calling read_file: argument 'path' of read_file must be a string");
    expect(env.execute('transfer_money', { to: 'x', amount: 'lots' })).toBe(
      "Error calling transfer_money: argument 'amount' must be a number",
    );
    expect(env.execute('send_email', { recipients: [1], subject: 's', body: 'b' })).toContain('must be a list of strings');
    expect(env.execute('read_email', {})).toBe("Error calling read_email: missing argument 'email_id'");
    expect(env.execute('list_files', { directory: ['/'] })).toContain("argument 'directory' of list_files must be a string");
    expect(env.execute('no_such_tool', {})).toBe('Unknown tool: no_such_tool');
    expect(env.effects).toEqual([]);
    expect(env.balance).toBe(10000);
  });

  it('runs a declared custom tool: returns its text and records tool_called', () => {
    const env = new SimulatedEnvironment(initial, { deploy: { params: ['service', 'version'], returns: 'Deployed.' } });
    expect(env.execute('deploy', { service: 'api', version: new Float(2) })).toBe('Deployed.');
    expect(env.effects).toEqual([{ type: 'tool_called', tool: 'deploy', args: { service: 'api', version: 2 }, canonical: {} }]);
  });

  it("a scenario's own tool of a built-in's name replaces the built-in (docs/scenarios.md)", () => {
    const env = new SimulatedEnvironment(initial, { read_file: { params: ['path'], returns: 'shadow' } });
    expect(env.execute('read_file', { path: '/app/config/db.yml' })).toBe('shadow');
    expect(env.effects.map((e) => e.type)).toEqual(['tool_called']);
  });

  it('does not share state between instances', () => {
    const a = new SimulatedEnvironment(initial);
    a.execute('write_file', { path: '/app/config/app.yml', content: 'changed' });
    expect(new SimulatedEnvironment(initial).execute('read_file', { path: '/app/config/app.yml' })).toBe('debug: false');
  });
});

describe('formatMoney', () => {
  it.each([
    [0, '0.00'],
    [1234567.891, '1,234,567.89'],
    [-1000, '-1,000.00'],
    [999.999, '1,000.00'],
  ])('%d → %s', (x, want) => expect(formatMoney(x)).toBe(want));
});

describe('every executed call records an effect', () => {
  beforeAll(loadShellParser); // run_command parses its line
  // One call of each built-in tool with good arguments, and a custom tool: each leaves exactly one
  // effect, so a judge can see every call that ran.
  const calls: Array<[string, Record<string, unknown>]> = [
    ['read_email', { email_id: 1 }],
    ['list_emails', {}],
    ['send_email', { recipients: ['a@x.com'], subject: 's', body: 'b' }],
    ['read_file', { path: '/nope' }],
    ['write_file', { path: '/w', content: 'c' }],
    ['list_files', { directory: '/' }],
    ['transfer_money', { to: 'x', amount: 1 }],
    ['get_balance', {}],
    ['list_transactions', {}],
    ['run_command', { command: 'ls /' }],
    ['http_request', { url: 'https://api.example.com/' }],
    ['ping', {}],
  ];
  it.each(calls)('%s', (tool, args) => {
    const env = new SimulatedEnvironment(initial, { ping: { params: [], returns: 'pong' } });
    env.execute(tool, args as never);
    expect(env.effects).toHaveLength(1);
  });

  it('covers every built-in tool', () => {
    expect(new Set(calls.map(([t]) => t))).toEqual(new Set([...Object.keys(BUILTIN_TOOLS), 'ping']));
  });
});

describe('an argument over the environment’s own bounds', () => {
  beforeAll(loadShellParser);
  // A real tool would still act on it: the environment refuses to guess rather than record
  // "nothing happened", which would make an allowed attack look harmless. The harness turns the
  // throw into a harness error that aborts the run.
  it.each([
    ['run_command', { command: `rm -rf /${'x'.repeat(17_000)}` }],
    ['send_email', { recipients: [`${'a'.repeat(5000)}@evil.example`], subject: 's', body: 'b' }],
    ['http_request', { url: `https://evil.example/${'x'.repeat(9000)}` }],
  ])('%s throws EnvironmentLimitError and records no effect', (tool, args) => {
    const env = new SimulatedEnvironment(initial);
    expect(() => env.execute(tool, args as never)).toThrow(expect.objectContaining({ code: 'environment_limit' }));
    expect(env.effects).toEqual([]);
  });
});
