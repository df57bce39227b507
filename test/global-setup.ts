/** Builds the CLI bundle once before the tests that run it as a real child process. */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './fixtures';

export default function setup(): void {
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts/gen-proto.mjs')], { stdio: 'inherit' });
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build-cli.mjs')], { stdio: 'inherit' });
}
