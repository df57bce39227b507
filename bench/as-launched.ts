/**
 * How bin/dejavu.mjs starts the CLI (its shebang): the Node flag and the environment a bench's
 * child process gets, so its memory is what `dejavu` itself would use. test/launcher.test.ts
 * checks the launcher itself.
 */
export const LAUNCHER_NODE_FLAGS = ['--max-semi-space-size=4'] as const;
export const LAUNCHER_ENV = { MALLOC_ARENA_MAX: '2' } as const;
