/**
 * The import graph's rules (ARCHITECTURE.md): no cycles, and every folder of src/ imports only the
 * folders below it. `npm test` runs this check (npm run lint:imports).
 */
const LAYERS = [
  // lowest first: a folder may import its own files and any folder earlier in this list
  'lib',
  'cel',
  'warrant',
  'model',
  'world',
  'chains',
  'import',
  'scenario',
  'results',
  'trial',
  'llm',
  'analysis',
  'guard',
  'init',
  'pipeline',
  'report',
  'action',
  'cli',
];

const layerRules = LAYERS.map((layer, i) => ({
  name: `layer-${layer}`,
  comment: `src/${layer}/ imports only the folders below it: ${LAYERS.slice(0, i).join(', ') || 'none'}`,
  severity: 'error',
  from: { path: `^src/${layer}/` },
  to: { path: '^src/', pathNot: [`^src/(${[...LAYERS.slice(0, i + 1), 'types'].join('|')})/`, '^src/[^/]+\\.ts$'] },
}));

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'no import cycle, between files or folders', from: {}, to: { circular: true } },
    { name: 'src-not-to-test', severity: 'error', from: { path: '^src/' }, to: { path: '^(test|scripts)/' } },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
