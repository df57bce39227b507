// Lint: TypeScript rules plus the boundaries that keep Déjà Vu's layers honest.
import tseslint from 'typescript-eslint';

/** What providers and the kit never import: the layers above them, and Electron. */
const OUTSIDE_PROVIDERS = [
  { regex: '(^|/)(capture|archive|service|retention|search|cli|mcp|server|electron)(/|$)', message: 'Providers read agent files only: keep them free of the layers above.' },
];

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'dist/', 'main/core/archive/generated/', '.bench/'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    // The core, the CLI and the shared contract run in plain Node: Electron is out of bounds.
    files: ['main/core/**', 'main/cli/**', 'main/mcp/**', 'main/server/**', 'shared/**', 'bench/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'The core must not import electron; put it in main/electron/.' }], patterns: ['electron/*'] }],
    },
  },
  {
    // The CLI writes through main/cli/output.ts, which shows control characters from transcripts instead of sending them to the terminal.
    files: ['main/cli/**'],
    ignores: ['main/cli/output.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'stdout', message: 'Write through main/cli/output.ts (stdout, warn, printJson).' },
        { object: 'process', property: 'stderr', message: 'Write through main/cli/output.ts (stderr, warn).' },
      ],
    },
  },
  {
    // The renderer talks to main only through the contract's bridge, never raw IPC.
    files: ['renderer/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: ['electron'], patterns: ['node:*', '../main/*', '../../main/*'] }],
      'no-restricted-globals': ['error', { name: 'ipcRenderer', message: 'Use the typed bridge from the IPC contract.' }],
    },
  },
  {
    // A provider imports only shared/ and the kit (never capture/, the archive, the registry or
    // another provider): an agent is one folder, and what agents share lives in the kit.
    files: ['main/core/providers/*/**/*.ts'],
    ignores: ['main/core/providers/kit/**', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./(?!kit(/|$))[\\w-]+', message: 'A provider imports only shared/ and ../kit/.' }, ...OUTSIDE_PROVIDERS] }],
    },
  },
  {
    // The kit serves every provider and depends on none of them.
    files: ['main/core/providers/kit/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./(?!\\.\\.)', message: 'The kit depends on no provider.' }, ...OUTSIDE_PROVIDERS] }],
    },
  },
  {
    files: ['main/core/providers/kit/*/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./\\.\\./(?!\\.\\.)', message: 'The kit depends on no provider.' }, ...OUTSIDE_PROVIDERS] }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
