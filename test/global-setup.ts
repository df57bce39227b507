/** Builds everything the tests run as a real user would: the CLI bundle and the app (renderer). */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './fixtures';

export default function setup(): void {
  if (process.env.DEJAVU_TEST_SKIP_BUILD) return; // `npm test` has just built it
  const bin = (name: string) => path.join(REPO_ROOT, 'node_modules', '.bin', name);
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts/gen-proto.mjs')], { stdio: 'inherit' });
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build-cli.mjs')], { stdio: 'inherit' });
  execFileSync(bin('electron-vite'), ['build', '--logLevel', 'warn'], { stdio: 'inherit', cwd: REPO_ROOT });
}
