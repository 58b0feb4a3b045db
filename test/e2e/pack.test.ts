/**
 * The package as a user gets it: `npm pack`, then `npm install --offline` of the tarball into an
 * empty project, then its `delegation-bench` command. dist/ is bundled, so the package must need
 * nothing from the registry (the install is offline) and nothing of this repository beyond what
 * package.json's `files` ships (the project is elsewhere). Builds dist/ first when src/ is newer.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  bin: Record<string, string>;
  dependencies?: Record<string, string>;
};
const work = mkdtempSync(join(tmpdir(), 'db-pack-'));
const project = join(work, 'project');
let files: string[] = [];
let tarball = '';

function newest(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    n = Math.max(n, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return n;
}

/** npm with a clean environment: no CI runner's npm_config_* changes what it does. */
function npm(args: string[], cwd: string): string {
  const env: Record<string, string> = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? work };
  return execFileSync('npm', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

beforeAll(() => {
  const cli = join(ROOT, 'dist', 'cli.js');
  const built = existsSync(cli) ? statSync(cli).mtimeMs : 0;
  if (built < Math.max(newest(join(ROOT, 'src')), newest(join(ROOT, 'scenarios')))) {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  }
  const packed = JSON.parse(npm(['pack', '--json', '--pack-destination', work], ROOT)) as { filename: string; files: { path: string }[] }[];
  files = packed[0]!.files.map((f) => f.path);
  tarball = join(work, packed[0]!.filename);
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'user-project', version: '1.0.0', private: true }));
  npm(['install', '--offline', '--ignore-scripts', '--no-audit', '--no-fund', join(work, packed[0]!.filename)], project);
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

function bin(args: string[]) {
  const r = spawnSync(join(project, 'node_modules', '.bin', 'delegation-bench'), args, {
    cwd: project,
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('npm pack → npm install --offline → delegation-bench', () => {
  it('ships the bundle, the built-in suite and its schema, and no sources or tests', () => {
    expect(files).toContain(pkg.bin['delegation-bench']);
    expect(files).toContain('dist/index.js');
    expect(files).toContain('dist/builtin-suite.json');
    expect(files).toContain('scenarios/scenario.schema.json');
    expect(files.filter((f) => /^scenarios\/[^/]+\.yaml$/.test(f)).length).toBeGreaterThanOrEqual(7);
    expect(files.filter((f) => /^(src|test|scripts)\//.test(f))).toEqual([]);
  });

  it('ships the licence package.json names (npm always packs LICENSE)', () => {
    expect((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { license: string }).license).toBe('MIT');
    expect(files).toContain('LICENSE');
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n[\s\S]*Permission is hereby granted, free of charge/);
  });

  it('needs no runtime dependency (dist/ is bundled): the offline install added only the package', () => {
    // package.json lists what dist/ bundles; the packed copy drops that list (clean-package in prepack).
    expect(Object.keys(pkg.dependencies ?? {}).length).toBeGreaterThan(0);
    const packed = JSON.parse(readFileSync(join(project, 'node_modules/delegation-bench/package.json'), 'utf8')) as Record<string, unknown>;
    expect(packed['dependencies']).toBeUndefined();
    expect(packed['clean-package']).toBeUndefined();
    const installed = readdirSync(join(project, 'node_modules')).filter((n) => !n.startsWith('.'));
    expect(installed).toEqual(['delegation-bench']);
  });

  it('prints the version of package.json', () => {
    expect(bin(['--version'])).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
    expect(bin(['run', '--version']).stdout).toBe(`${pkg.version}\n`);
  });

  it('runs the built-in matrix from the installed package and passes its gate', () => {
    const r = bin(['run']);
    expect(r.stderr).toMatch(/^read (\d+) files, \1 scenarios from \S*scenarios\/\n$/);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\d+ scenarios × 3 conditions/);
    expect(r.stdout).toMatch(/task_scoped ASR 0%, TCR 100%/);
    expect(r.stdout).toMatch(/PASSED/);
    const json = bin(['run', '--format', 'json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout).summary.task_scoped).toMatchObject({ asr: 0, tcr: 1 });
  });

  it('validates a scenario file of the user project', () => {
    writeFileSync(join(project, 'mine.yml'), 'name: mine\n');
    const r = bin(['validate', '--scenarios', 'mine.yml']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mine\.yml:1:1: missing required key/m);
  });
});

describe('the commands the docs give a user in their own repository', () => {
  const SPEC = 'github:OWNER/delegation-bench#v1';
  const docs = [
    'README.md',
    'scenarios/README.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ]
    .map((f) => readFileSync(join(ROOT, f), 'utf8'))
    .join('\n');
  const documented = [...docs.matchAll(/^npx (.*)$/gm)].map((m) => m[1]!.replace(/\s+#.*$/, '').trim());

  it('never run an npm registry name (the package is not published there)', () => {
    expect(documented.length).toBeGreaterThanOrEqual(3);
    for (const line of documented) expect(line.startsWith(`--yes ${SPEC} `)).toBe(true);
    expect(docs).not.toMatch(/npx (--yes )?delegation-bench/);
  });

  it('work with the package in place of the GitHub spec (npx --package, offline)', () => {
    const dir = join(work, 'user-repo');
    mkdirSync(join(dir, 'my-scenarios'), { recursive: true });
    writeFileSync(join(dir, 'my-scenarios', 'config_review.yaml'), readFileSync(join(ROOT, 'scenarios', 'config_review.yaml'), 'utf8'));
    for (const line of documented) {
      const args = line.slice(`--yes ${SPEC} `.length).split(/\s+/);
      const r = spawnSync('npx', ['--yes', '--offline', '--package', tarball, '--', 'delegation-bench', ...args], {
        cwd: dir,
        encoding: 'utf8',
        env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? work },
      });
      // What run and validate read is said on stderr; nothing else may be.
      const stderr = r.stderr.replace(/^npm warn .*\n/gm, '').replace(/^read \d+ files?, \d+ scenarios? from my-scenarios\/\n/m, '');
      expect({ line, code: r.status, stderr }).toEqual({ line, code: 0, stderr: '' });
    }
  });
});
