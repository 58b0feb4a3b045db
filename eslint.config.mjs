// ESLint (flat config) with typescript-eslint: rules that catch real bugs. Layout is Prettier's job
// (.prettierrc.json); import direction is dependency-cruiser's (npm run lint:imports).
//
// Not type-checked: typescript-eslint's type-aware rules (no-floating-promises and the rest of
// recommendedTypeChecked) took 1 m 51 s of CPU here against 23 s for this set; `tsc --noEmit` in
// `npm test` already type-checks everything.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.tmp/', 'coverage/', 'test/fixtures/', 'examples/', 'scenarios/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    rules: {
      // `const { dropped: _dropped, ...rest } = o` is how the code drops a key: a leading `_` says
      // "unused on purpose".
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // The code matches control characters on purpose: to neutralise them in reports, messages
      // and shell words (src/lib/control-chars.ts and its callers).
      'no-control-regex': 'off',
    },
  },
  {
    // Tests poke at untrusted shapes (parsed JSON, mocked SDKs): `any` is allowed there, not in src/.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
