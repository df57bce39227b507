/** Entry point of the bundled CLI (out/cli/dejavu.mjs). */
import { run } from './program';

declare const __DEJAVU_VERSION__: string;

run(process.argv.slice(2), typeof __DEJAVU_VERSION__ === 'string' ? __DEJAVU_VERSION__ : '0.0.0-dev').then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`dejavu: ${(err as Error).message}\n`);
    process.exitCode = 1;
  },
);
