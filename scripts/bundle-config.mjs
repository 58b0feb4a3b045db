// The bundle's settings, shared by scripts/build.mjs (which writes dist/) and the test that compares
// the packages bundled into dist/ with package.json's `dependencies` (test/build/dependencies.test.ts).
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

export const SNAPSHOT = 'builtin-suite.json';
// `--version` (src/cli/version.ts): only this string of package.json goes into the bundle.
const VERSION = JSON.parse(readFileSync('package.json', 'utf8')).version;
if (typeof VERSION !== 'string') throw new Error('package.json has no version string');

/**
 * `yaml` (its Node build) reads `process.env.LOG_TOKENS` once per lexeme, and `LOG_STREAM` once per
 * document, to print its tokens to stdout when set. Reading process.env is a call into the runtime
 * (about 250 ns here); a scenario file has some 370 lexemes, so on 1,000 files it cost ~90 ms of a
 * plain run (`next` was the parser's costliest function in a CPU profile: 200 ms of self time), and a
 * user who had either variable set would get yaml's debug lines in the middle of the results on
 * stdout. Both reads become `false` in the bundle; the build fails if the text is not found (an
 * upgrade of `yaml` that moved it must be looked at again).
 */
const YAML_DEBUG_READS = [
  { file: /[\\/]node_modules[\\/]yaml[\\/]dist[\\/]parse[\\/]parser\.js$/, text: 'node_process.env.LOG_TOKENS' },
  { file: /[\\/]node_modules[\\/]yaml[\\/]dist[\\/]compose[\\/]composer\.js$/, text: 'node_process.env.LOG_STREAM' },
];
const yamlWithoutDebugReads = {
  name: 'yaml-without-debug-reads',
  setup(build) {
    for (const { file, text } of YAML_DEBUG_READS) {
      build.onLoad({ filter: file }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!source.includes(text)) throw new Error(`${args.path}: \`${text}\` not found (scripts/bundle-config.mjs)`);
        return { contents: source.replaceAll(text, 'false'), loader: 'js' };
      });
    }
  },
};

export const common = {
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  // The bundle's loader looks for the snapshot in dist/ (the sources under vitest do not); the
  // version is the one string of package.json the bundle carries.
  define: {
    DELEGATION_BENCH_BUILTIN_SNAPSHOT: JSON.stringify(SNAPSHOT),
    DELEGATION_BENCH_WORKER: JSON.stringify('worker.js'),
    DELEGATION_BENCH_VERSION: JSON.stringify(VERSION),
  },
  plugins: [yamlWithoutDebugReads],
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  banner: {
    // The shebang makes dist/cli.js executable; Node ignores it in the other files.
    // CommonJS dependencies bundled into ESM still call require() for Node built-ins.
    // Node 22+ keeps compiled code between runs (module.enableCompileCache; absent on Node 20, so
    // called only when present): a later run skips compiling the modules it loads. Calls after
    // the first do nothing.
    js: "#!/usr/bin/env node\nimport * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();",
  },
};

// Two builds, so that neither program's modules are cut up by what it shares with the other:
// every extra ES module costs Node a resolve, a read, a compile and a link. Built together, a
// `run` of the built-in suite loaded 19 files; built apart, it loads 3, and runs 12-18 ms faster.
// Each program is its main file plus chunks loaded only when a run asks for them: the YAML loader
// (scenario files; the built-in suite comes from its snapshot) and the markdown report for the
// CLI; the YAML loader, Octokit (only when a run posts a comment) and badge-maker (only with
// `badge-path`) for the action.
// The third program is the worker thread both start on large suites (src/pipeline/worker.ts).
export const programs = { cli: 'src/cli/index.ts', index: 'src/action/index.ts', worker: 'src/pipeline/worker.ts' };
