/**
 * package.json says what ships: the packages the source imports into dist/ are exactly its
 * `dependencies`, and each listed dependency is in the bundle. Build and test tools (and packages
 * only tests or perf scripts import, such as @noble/ed25519) stay in `devDependencies`.
 *
 * The bundle is built here in memory with the build's own settings (scripts/bundle-config.mjs)
 * and esbuild's metafile, so the test needs no prior `npm run build`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');

interface BundleConfig {
  common: Record<string, unknown>;
  programs: Record<string, string>;
}

/** The package a bundled file belongs to: the name after the last `node_modules/` in its path. */
function packageOf(path: string): string | undefined {
  const at = path.lastIndexOf('node_modules/');
  if (at === -1) return undefined;
  return /^(?:@[^/]+\/)?[^/]+/.exec(path.slice(at + 'node_modules/'.length))?.[0];
}

interface Bundled {
  /** Every package with a file in the bundle (dependencies of dependencies included). */
  all: Set<string>;
  /** The packages a file of src/ imports itself. */
  direct: Set<string>;
}

function bundledPackages(metafiles: readonly Metafile[]): Bundled {
  const all = new Set<string>();
  const direct = new Set<string>();
  for (const metafile of metafiles) {
    for (const [file, input] of Object.entries(metafile.inputs)) {
      const own = packageOf(file);
      if (own !== undefined) all.add(own);
      if (!file.startsWith('src/')) continue;
      for (const imported of input.imports) {
        const name = packageOf(imported.path);
        if (name !== undefined) direct.add(name);
      }
    }
  }
  return { all, direct };
}

/**
 * The packages a program loads when it starts: those of its entry file and of every chunk the entry
 * imports statically (transitively); chunks behind `import()` load only when asked for.
 */
function packagesAtStart(metafile: Metafile): Set<string> {
  const entry = Object.keys(metafile.outputs).find((out) => metafile.outputs[out]!.entryPoint !== undefined);
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = entry === undefined ? [] : [entry];
  for (let out = queue.pop(); out !== undefined; out = queue.pop()) {
    if (seen.has(out) || metafile.outputs[out] === undefined) continue;
    seen.add(out);
    const output = metafile.outputs[out]!;
    for (const file of Object.keys(output.inputs)) {
      const name = packageOf(file);
      if (name !== undefined) packages.add(name);
    }
    for (const imported of output.imports) if (imported.kind === 'import-statement') queue.push(imported.path);
  }
  return packages;
}

async function bundleMetafiles(): Promise<Record<string, Metafile>> {
  const config = (await import(pathToFileURL(join(ROOT, 'scripts/bundle-config.mjs')).href)) as BundleConfig;
  const metafiles: Record<string, Metafile> = {};
  for (const [name, entry] of Object.entries(config.programs)) {
    const result = await build({
      ...config.common,
      absWorkingDir: ROOT,
      entryPoints: { [name]: entry },
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    metafiles[name] = result.metafile;
  }
  return metafiles;
}

describe('package.json dependencies', () => {
  let metafiles: Record<string, Metafile>;
  beforeAll(async () => {
    metafiles = await bundleMetafiles();
  }, 180_000);

  it('reads package names from bundled paths', () => {
    expect(packageOf('node_modules/yaml/dist/index.js')).toBe('yaml');
    expect(packageOf('node_modules/@actions/core/lib/core.js')).toBe('@actions/core');
    expect(packageOf('node_modules/openai/node_modules/@scope/x/index.js')).toBe('@scope/x');
    expect(packageOf('src/lib/regex.ts')).toBeUndefined();
    const metafile: Metafile = {
      inputs: {
        'src/a.ts': { bytes: 1, imports: [{ path: 'node_modules/yaml/dist/index.js', kind: 'import-statement', original: 'yaml' }] },
        'node_modules/yaml/dist/index.js': { bytes: 1, imports: [] },
        'node_modules/undici/index.js': { bytes: 1, imports: [] },
      },
      outputs: {},
    };
    expect(bundledPackages([metafile])).toEqual({ all: new Set(['yaml', 'undici']), direct: new Set(['yaml']) });
  });

  it('lists exactly what the bundle ships: every package src/ bundles, and no dependency left out of the bundle', async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    const listed = new Set(Object.keys(pkg.dependencies ?? {}));
    const { all, direct } = bundledPackages(Object.values(metafiles));
    expect([...direct].filter((name) => !listed.has(name)).sort(), 'bundled into dist/ but not in "dependencies"').toEqual([]);
    expect([...listed].filter((name) => !all.has(name)).sort(), 'in "dependencies" but not bundled into dist/').toEqual([]);
  });

  // A worker thread starts per core on large suites, and reads, parses and runs its range of the
  // files (src/pipeline/shard.ts): it loads the YAML parser, but nothing only a shell uses (the
  // LLM client, the action's toolkit, the badge renderer) should slow each start.
  it('starts a worker thread with the loader but without what only a shell uses', () => {
    const atStart = packagesAtStart(metafiles['worker']!);
    expect(atStart.has('@bufbuild/re2'), 'the scan finds what the worker does load').toBe(true);
    expect(atStart.has('yaml'), 'the worker parses its files').toBe(true);
    const shellOnly = ['openai', '@actions/core', '@actions/github', 'badge-maker'];
    expect([...atStart].filter((name) => shellOnly.includes(name))).toEqual([]);
  });
});
