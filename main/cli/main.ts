/**
 * Entry point of the bundled CLI (out/cli/dejavu.mjs); the search indexer thread and `serve`'s
 * reading thread run their own bundles beside it (indexer-thread.ts, reading-thread.ts).
 */
import { fileURLToPath } from 'node:url';
import { warn } from './output';
import { setThreadScripts } from './thread-scripts';
import { run } from './program';

declare const __DEJAVU_VERSION__: string;

/**
 * Started by bin/dejavu.mjs (to set V8 flags), this process must not outlive it: when the
 * launcher dies — even by SIGKILL, which it cannot pass on — end at once, as if killed with it.
 */
function endWithParent(): void {
  const parent = Number(process.env.DEJAVU_PARENT_PID);
  if (!parent || parent !== process.ppid) return;
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, 'SIGKILL');
  }, 50).unref();
}

endWithParent();
setThreadScripts({ indexer: fileURLToPath(new URL('./indexer.mjs', import.meta.url)), reading: fileURLToPath(new URL('./reading.mjs', import.meta.url)) });
run(process.argv.slice(2), typeof __DEJAVU_VERSION__ === 'string' ? __DEJAVU_VERSION__ : '0.0.0-dev').then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    warn((err as Error).message);
    process.exitCode = 1;
  },
);
