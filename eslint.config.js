// Lint: TypeScript rules plus the boundaries that keep Déjà Vu's layers honest.
//
// The layers, from the bottom: shared/ (pure, imported by every zone) ← providers (shared/ and
// their kit) ← the rest of main/core ← main's surfaces (cli, mcp, server, electron). The renderer
// stands apart: shared/ and the browser only. Each zone below sets `no-restricted-imports` once
// (a later block for the same files replaces an earlier one, so each repeats what it inherits).
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

const NO_ELECTRON_PATH = { name: 'electron', message: 'The core must not import electron; put it in main/electron/.' };
const NO_ELECTRON = { group: ['electron/*'], message: 'The core must not import electron; put it in main/electron/.' };
/** Main, preload and shared never reach into the renderer: what both sides need lives in shared/. */
const NO_RENDERER = { regex: '(^|/)renderer(/|$)', message: 'Main never imports the renderer: move what both need to shared/.' };

/** What providers and the kit never import: the layers above them, the renderer, and Electron. */
const OUTSIDE_PROVIDERS = [
  { regex: '(^|/)(capture|archive|service|retention|search|cli|mcp|server|electron)(/|$)', message: 'Providers read agent files only: keep them free of the layers above.' },
  NO_RENDERER,
];

/** The archive stores and reads conversations; search, retention and capture build on it, never the reverse. */
const ARCHIVE_UP = '(\\.\\./)+(search|retention|capture)(/|$)';
const ARCHIVE_MESSAGE = 'archive/ must not import search/, retention/ or capture/: they subscribe to the archive, not the other way round.';
/**
 * Files once allowed to break the rule (issue #16). The data layer's rework emptied it: keep it
 * empty (an entry here lets that file keep exactly the imports it lists, and no more).
 */
const ARCHIVE_ALLOWED = {};
const escapeRegex = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const archiveRule = (allowed = []) => [
  'error',
  {
    paths: [NO_ELECTRON_PATH],
    patterns: [NO_ELECTRON, NO_RENDERER, { regex: `^${allowed.length ? `(?!(${allowed.map(escapeRegex).join('|')})$)` : ''}${ARCHIVE_UP}`, message: ARCHIVE_MESSAGE }],
  },
];

/**
 * index.db has one data layer (issue #16): every statement on it is a named function in
 * main/core/archive/index-store (read-*.ts take a ReadableIndex, write-*.ts a WritableIndex).
 * Outside archive/, no file prepares SQL, opens SQLite or takes the connection behind a handle.
 * Explicitly allowed: search/ (search.db is its own database, and its walk joins index.db's
 * conversations in one statement, on the reader's connection) and providers/ (they read the
 * agents' own SQLite stores, never the archive's).
 */
const INDEX_SQL_MESSAGE = 'SQL on index.db belongs to its data layer: add a named function to main/core/archive/index-store (read-*.ts or write-*.ts) and call it.';
const NO_SQLITE = { name: 'better-sqlite3', message: INDEX_SQL_MESSAGE };
const NO_CONNECTION = { regex: '(^|/)archive/index-store/handle$', importNames: ['connectionOf', 'writeConnectionOf'], message: INDEX_SQL_MESSAGE };
const NO_STATEMENTS = { selector: 'CallExpression[callee.property.name=/^(prepare|transaction|pragma)$/]', message: INDEX_SQL_MESSAGE };

/**
 * The surfaces (CLI, MCP, HTTP, the Electron shell) reach the core through the use-cases
 * (main/core/use-cases/: one module per use-case, plus what they re-export for formatting and
 * for opening an archive), the logger, and the app's service (itself the IPC/HTTP adapter over
 * the use-cases, which `serve` and the shell host). Never archive/, search/, retention/,
 * capture/, providers/ or any other core folder directly.
 */
const SURFACE_MESSAGE = 'Surfaces reach the core through main/core/use-cases/ only (add or re-export what you need there).';
const SURFACE_CORE = '(^|/)core/(?!(use-cases|service)/|logger$)';
/** The service's own files: the use-cases, the logger, the writer queue, shared/ and their own folder. */
const SERVICE_TO_CORE = { regex: '^\\.\\./(?!\\.\\./|use-cases/|logger$|writer-queue$)', message: 'The service answers channels through main/core/use-cases/ only (add or re-export what you need there).' };
/**
 * Files allowed one import the surface rule forbids, each with why (keep it short; an entry
 * lets that file import exactly what it lists). Empty: every surface goes through the use-cases.
 */
const SURFACE_ALLOWED = {};
/** The surface rule for one file (Electron allowed in main/electron/ only), with the imports it is allowed. */
const surfaceRule = (file, allowed = []) => {
  const core = { regex: `^${allowed.length ? `(?!(${allowed.map(escapeRegex).join('|')})$)` : ''}.*${SURFACE_CORE}`, message: SURFACE_MESSAGE };
  return ['error', file.startsWith('main/electron/') ? { paths: [NO_SQLITE], patterns: [NO_RENDERER, core] } : { paths: [NO_ELECTRON_PATH, NO_SQLITE], patterns: [NO_ELECTRON, NO_RENDERER, core] }];
};

/** Node's own modules, by every name: the renderer runs in a browser. */
const NODE_BUILTINS = builtinModules.filter((m) => !m.startsWith('_')).map((name) => ({ name, message: 'The renderer runs in a browser: no Node modules (move pure helpers to shared/, ask main through the contract).' }));
/** Packages that only work in Node. */
const NODE_ONLY_PACKAGES = ['electron', 'better-sqlite3', 'chokidar', 'commander', '@modelcontextprotocol/sdk', 'ccusage'].map((name) => ({ name, message: 'The renderer runs in a browser: this package is for main.' }));

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
    // Main's desktop shell and the preload may use Electron, never the renderer's code.
    files: ['main/electron/**', 'preload/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [NO_RENDERER] }],
    },
  },
  {
    // The core, the CLI and the shared contract run in plain Node: Electron is out of bounds.
    files: ['main/core/**', 'main/cli/**', 'main/mcp/**', 'main/server/**', 'shared/**', 'bench/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [NO_ELECTRON_PATH], patterns: [NO_ELECTRON, NO_RENDERER] }],
    },
  },
  {
    // index.db's SQL lives in archive/ only (see INDEX_SQL_MESSAGE); search/ and providers/ keep
    // their own databases. The surfaces and the service get the same ban in their own blocks below.
    files: ['main/core/**/*.ts'],
    ignores: ['**/*.test.ts', 'main/core/archive/**', 'main/core/search/**', 'main/core/providers/**', 'main/core/service/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [NO_ELECTRON_PATH, NO_SQLITE], patterns: [NO_ELECTRON, NO_RENDERER, NO_CONNECTION] }],
      'no-restricted-syntax': ['error', NO_STATEMENTS],
    },
  },
  {
    // search/ owns search.db and reads index.db through the reader's connection; it never writes index.db.
    files: ['main/core/search/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [NO_ELECTRON_PATH], patterns: [NO_ELECTRON, NO_RENDERER, { regex: '(^|/)archive/index-store/handle$', importNames: ['writeConnectionOf'], message: 'search/ never writes index.db: a write goes through the archive writer.' }] },
      ],
    },
  },
  {
    // The CLI, MCP and HTTP surfaces: Electron is out of bounds, the core is reached through the use-cases, no SQL.
    files: ['main/cli/**/*.ts', 'main/mcp/**/*.ts', 'main/server/**/*.ts'],
    ignores: ['**/*.test.ts', ...Object.keys(SURFACE_ALLOWED)],
    rules: { 'no-restricted-imports': surfaceRule('main/cli/'), 'no-restricted-syntax': ['error', NO_STATEMENTS] },
  },
  {
    // The desktop shell: Electron yes, the renderer's code no, the core through the use-cases, no SQL.
    files: ['main/electron/**/*.ts'],
    ignores: ['**/*.test.ts', ...Object.keys(SURFACE_ALLOWED)],
    rules: { 'no-restricted-imports': surfaceRule('main/electron/'), 'no-restricted-syntax': ['error', NO_STATEMENTS] },
  },
  ...Object.entries(SURFACE_ALLOWED).map(([file, allowed]) => ({ files: [file], rules: { 'no-restricted-imports': surfaceRule(file, allowed) } })),
  {
    // The service routes channels to use-cases; it reaches no data-layer folder itself, and runs no SQL.
    files: ['main/core/service/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [NO_ELECTRON_PATH, NO_SQLITE], patterns: [NO_ELECTRON, NO_RENDERER, SERVICE_TO_CORE] }],
      'no-restricted-syntax': ['error', NO_STATEMENTS],
    },
  },
  {
    // shared/ is imported by main and the renderer alike: it imports only itself, and nothing of Node.
    files: ['shared/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [NO_ELECTRON_PATH, ...NODE_BUILTINS.map((p) => ({ ...p, message: 'shared/ runs in the browser too: no Node modules.' }))],
          patterns: [{ group: ['node:*'], message: 'shared/ runs in the browser too: no Node modules.' }, { regex: '^\\.\\./', message: 'shared/ imports only shared/.' }],
        },
      ],
    },
  },
  {
    // archive/ → not search/, retention/, capture/ (except the allow-list above, file by file).
    files: ['main/core/archive/**/*.ts'],
    ignores: ['**/*.test.ts', ...Object.keys(ARCHIVE_ALLOWED)],
    rules: { 'no-restricted-imports': archiveRule() },
  },
  ...Object.entries(ARCHIVE_ALLOWED).map(([file, allowed]) => ({ files: [file], rules: { 'no-restricted-imports': archiveRule(allowed) } })),
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
    // The renderer is a web page: shared/ and browser packages only, main through the contract's
    // bridge (never raw IPC). Relative paths of any depth into main/, preload/ or the tests are out.
    files: ['renderer/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...NODE_ONLY_PACKAGES, ...NODE_BUILTINS],
          patterns: [
            { group: ['node:*'], message: 'The renderer runs in a browser: no Node modules.' },
            { group: ['electron/*'], message: 'The renderer runs in a browser: this package is for main.' },
            { regex: '^(\\.\\./)+(main|preload|test|e2e|bench|scripts)(/|$)', message: 'The renderer imports only shared/ and its own files; it reaches main through the contract.' },
          ],
        },
      ],
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
    // Small files with one job, functions that read at a glance (issue #16): split before growing past these.
    files: ['main/core/**/*.{ts,tsx}', 'renderer/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
