// `npm test`: everything CI checks, in order — install what the tests need, build, typecheck,
// lint, then every test. Stops at the first failure.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

// The tests make their archives and homes under the system temp folder. They run with a temp
// folder of their own, removed at the end, so a run never leaves gigabytes behind in /tmp (a test
// killed mid-way, or one that forgets to clean up, would otherwise accumulate run after run).
// DEJAVU_TEST_KEEP_TMP=1 keeps it to look at after a failure.
const runTmp = mkdtempSync(path.join(os.tmpdir(), 'dejavu-test-run-'));
// Open to every user with the sticky bit, as /tmp is: some tests drop to an unprivileged user.
chmodSync(runTmp, 0o1777);
const tmpEnv = { TMPDIR: runTmp, TMP: runTmp, TEMP: runTmp };
const COMPILE_CACHE = 'node-compile-cache';

const steps = [
  ['test dependencies', 'bash', [path.join(root, 'scripts/setup-test-deps.sh')]],
  ['protobuf code', process.execPath, [path.join(root, 'scripts/gen-proto.mjs')]],
  ['build', 'npm', ['run', '--silent', 'build']],
  // One program per zone: Node (main, shared, tests), the web (renderer, no Node types), and the
  // browser-driving tests (Node and DOM).
  ['typecheck (Node)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  ['typecheck (web)', bin('tsc'), ['--noEmit', '-p', 'renderer/tsconfig.json']],
  ['typecheck (e2e)', bin('tsc'), ['--noEmit', '-p', 'e2e/tsconfig.json']],
  ['lint', bin('eslint'), ['--max-warnings', '0', '.']],
  // NODE_COMPILE_CACHE: the hundreds of `dejavu` processes the tests start compile the CLI's
  // bundle once, not each time (~0.2 s of a ~0.6 s start here; CLI-heavy test files ~12 % faster).
  ['tests', bin('vitest'), ['run'], { DEJAVU_TEST_SKIP_BUILD: '1', NODE_COMPILE_CACHE: path.join(runTmp, COMPILE_CACHE) }],
];

function removeRunTmp() {
  if (process.env.DEJAVU_TEST_KEEP_TMP) {
    process.stdout.write(`temp folder kept: ${runTmp}\n`);
    return;
  }
  const left = readdirSync(runTmp).filter((entry) => entry !== COMPILE_CACHE).length;
  rmSync(runTmp, { recursive: true, force: true });
  if (left) process.stdout.write(`removed the tests' temp folder (${left} entries left in it)\n`);
}

let failed = 0;
for (const [name, cmd, args, env] of steps) {
  const started = Date.now();
  process.stdout.write(`\n== ${name}\n`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...tmpEnv, ...env } });
  if (r.status !== 0) {
    process.stderr.write(`\nnpm test: ${name} failed (exit ${r.status ?? r.signal})\n`);
    failed = r.status || 1;
    break;
  }
  process.stdout.write(`== ${name}: ok (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
}
removeRunTmp();
process.exit(failed);
