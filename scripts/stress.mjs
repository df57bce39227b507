// `npm run stress [-- KILLS]`: the full kill suite (test/stress), 1,000 SIGKILLs by default, over a
// seeded random schedule printed first; DEJAVU_STRESS_SEED=<n> replays a run. `npm test` runs the
// same files with 2 kills per command and a fixed seed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const kills = process.argv[2] ?? process.env.DEJAVU_STRESS_KILLS ?? '1000';
const seed = process.env.DEJAVU_STRESS_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
process.stdout.write(`dejavu stress: seed ${seed}, ${kills} kills (replay with DEJAVU_STRESS_SEED=${seed} npm run stress -- ${kills})\n`);

const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status || 1);
const started = Date.now();
const r = spawnSync(path.join(root, 'node_modules', '.bin', 'vitest'), ['run', '--no-file-parallelism', 'test/stress'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DEJAVU_TEST_SKIP_BUILD: '1', DEJAVU_STRESS_SEED: seed, DEJAVU_STRESS_KILLS: kills, DEJAVU_STRESS_LINE_MB: process.env.DEJAVU_STRESS_LINE_MB ?? '100' },
});
process.stdout.write(`dejavu stress: seed ${seed}, ${kills} kills, ${((Date.now() - started) / 60000).toFixed(1)} min: ${r.status === 0 ? 'all passed' : 'FAILED'}\n`);
process.exit(r.status ?? 1);
