// `npm test`: everything CI checks, in order — install what the tests need, build, typecheck,
// lint, then every test. Stops at the first failure.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

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
  ['tests', bin('vitest'), ['run'], { DEJAVU_TEST_SKIP_BUILD: '1' }],
];

for (const [name, cmd, args, env] of steps) {
  const started = Date.now();
  process.stdout.write(`\n== ${name}\n`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    process.stderr.write(`\nnpm test: ${name} failed (exit ${r.status ?? r.signal})\n`);
    process.exit(r.status || 1);
  }
  process.stdout.write(`== ${name}: ok (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
}
