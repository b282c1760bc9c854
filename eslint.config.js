import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const nodeBuiltins = [
  'fs', 'path', 'os', 'crypto', 'child_process', 'worker_threads', 'http', 'https', 'net', 'url',
  'stream', 'events', 'util', 'zlib', 'readline', 'process', 'buffer', 'assert', 'module', 'tty',
].flatMap((m) => [m, `node:${m}`, `${m}/*`, `node:${m}/*`]);

/** STYLE.md "Layers you can see": src/shared must stay independent of every host. */
const sharedRestrictions = {
  paths: [...nodeBuiltins, 'electron', 'react', 'react-dom', 'monaco-editor'],
  patterns: [
    { group: ['**/main/**', '**/renderer/**', '**/preload/**', '**/cli/**'], message: 'src/shared must not import from main, renderer, preload or cli.' },
    { group: ['react/*', 'react-dom/*', 'electron/*', 'monaco-editor/*'], message: 'src/shared must be host-independent.' },
  ],
};

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'dist/**', 'release/**', 'test-results/**', 'playwright-report/**', 'src/shared/model/generated.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', sharedRestrictions] },
  },
  {
    files: ['src/shared/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', sharedRestrictions],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'The engine draws randomness only from the PRNG in the battle state (R1.6).' },
        { object: 'Date', property: 'now', message: 'The engine is deterministic: no wall-clock time.' },
      ],
      'no-restricted-syntax': ['error', { selector: "NewExpression[callee.name='Date']", message: 'The engine is deterministic: no wall-clock time.' }],
    },
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['**/main/**', '**/renderer/**', '**/cli/**', 'react', 'node:*'], message: 'The preload imports only electron and types from src/shared.' }],
      }],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', {
        paths: ['electron', ...nodeBuiltins],
        patterns: [{ group: ['**/main/**', '**/cli/**'], message: 'The renderer talks to main only through src/shared/api.ts.' }],
      }],
    },
  },
);
