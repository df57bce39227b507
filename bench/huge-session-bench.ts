/**
 * `node out/bench/huge-session-bench.mjs` (after `npm run build`): peak memory of one huge Claude
 * Code session, which must stay bounded and flat however large the file grows. Each size is a
 * real fixture session repeated with fresh uuids and message ids (a longer session, not a
 * different one), and one session whose single tool-result line holds the fixture's real tool
 * outputs repeated to 100 MB. The built CLI runs `import`, `sync` and `show --json` on each in a
 * child process, whose own peak RSS is printed.
 *
 *   DEJAVU_BENCH_HUGE_MB=50,100,200 DEJAVU_BENCH_LINE_MB=100 node out/bench/huge-session-bench.mjs
 *
 * `DEJAVU_BENCH_HUGE_STEPS=import` runs only some of `import,sync,show` (a 1 GB file's `import`
 * alone takes half an hour here). `DEJAVU_BENCH_LINE_KIND=prompt` makes the huge line a typed
 * prompt (a pasted log of the seed's own texts) instead of a tool result.
 *
 * `DEJAVU_BENCH_CLI=FILE` runs another build of the CLI (a copy of out/cli kept under out/, so
 * that its packages still resolve) to compare before and after.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hugeSessionSeed, repeatedSession, SESSION } from './huge-session';
import { runWithPeakRss } from './peak-rss';

const MB = 1024 * 1024;
const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const fixtures = process.env.DEJAVU_FIXTURES ?? path.resolve(repo, '..', 'shared', 'fixtures');
const SEED = hugeSessionSeed(fixtures);
const CLI = path.resolve(process.env.DEJAVU_BENCH_CLI ?? path.join(repo, 'out', 'cli', 'dejavu.mjs'));

/** The seed session with one more line: a tool result of `bytes`, the seed's real tool outputs repeated. */
function hugeLineSession(file: string, bytes: number): void {
  const lines = readFileSync(SEED, 'utf8').split('\n').filter(Boolean);
  const outputs: string[] = [];
  let template: Record<string, unknown> | undefined;
  let last: string | undefined;
  for (const line of lines) {
    const r = JSON.parse(line) as { uuid?: string; message?: { content?: unknown } };
    if (r.uuid) last = r.uuid;
    const content = r.message?.content;
    if (!Array.isArray(content)) continue;
    for (const c of content as { type?: string; content?: unknown }[]) {
      if (c.type === 'tool_result' && typeof c.content === 'string') {
        outputs.push(c.content);
        template ??= r as Record<string, unknown>;
      }
    }
  }
  if (!template) throw new Error(`no tool result in ${SEED}`);
  const pool = outputs.join('\n');
  const output = pool.repeat(Math.ceil(bytes / pool.length)).slice(0, bytes);
  const message = template.message as { content: { type: string; tool_use_id?: string; content?: string }[] };
  const huge = {
    ...template,
    parentUuid: last,
    uuid: randomUUID(),
    toolUseResult: undefined,
    message: { ...message, content: message.content.map((c) => (c.type === 'tool_result' ? { ...c, content: output } : c)) },
  };
  writeFileSync(file, `${lines.join('\n')}\n${JSON.stringify(huge)}\n`);
}

/**
 * The seed session with one more line: a typed prompt of `bytes` (a pasted log), the seed's real
 * prompts, answers and tool outputs repeated, as the user record of its last typed prompt.
 */
function hugePromptSession(file: string, bytes: number): void {
  const lines = readFileSync(SEED, 'utf8').split('\n').filter(Boolean);
  const records = lines.map((line) => JSON.parse(line) as { uuid?: string; type?: string; isSidechain?: boolean; message?: { content?: unknown } });
  const texts: string[] = [];
  for (const r of records) {
    const content = r.message?.content;
    if (typeof content === 'string') texts.push(content);
    else if (Array.isArray(content)) for (const c of content as { text?: unknown; content?: unknown }[]) for (const t of [c.text, c.content]) if (typeof t === 'string') texts.push(t);
  }
  const template = records.findLast((r) => r.type === 'user' && r.isSidechain === false && typeof r.message?.content === 'string');
  if (!template) throw new Error(`no typed prompt in ${SEED}`);
  const pool = texts.join('\n');
  // Typed words first: the seed's texts start with a slash command's markup, which a prompt is told apart by.
  const prompt = `Why does this fail?\n${pool.repeat(Math.ceil(bytes / pool.length))}`.slice(0, bytes);
  const huge = { ...template, parentUuid: records.findLast((r) => r.uuid)?.uuid, uuid: randomUUID(), message: { ...template.message, content: prompt } };
  writeFileSync(file, `${lines.join('\n')}\n${JSON.stringify(huge)}\n`);
}

/** Runs the CLI and returns its peak RSS in MB; a failure stops the bench. */
function peakOf(args: readonly string[], env: Record<string, string>): { mb: number; seconds: number } {
  const r = runWithPeakRss(CLI, args, env, 'ignore');
  if (r.code !== 0) throw new Error(`dejavu ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
  return { mb: r.peakMb, seconds: r.seconds };
}

function measure(label: string, make: (file: string) => void, work: string): void {
  const home = path.join(work, 'home');
  const dir = path.join(home, '.claude', 'projects', '-bench-project');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${SESSION}.jsonl`);
  make(file);
  const size = statSync(file).size / MB;
  const env = { HOME: home, DEJAVU_HOME: path.join(work, 'unused') };
  const imported = peakOf(['import', file, '--archive', path.join(work, 'a-import')], env);
  const synced = STEPS.has('sync') ? peakOf(['sync', '--no-evict', '--archive', path.join(work, 'a-sync')], env) : undefined;
  const shown = STEPS.has('show') ? peakOf(['show', `claude-code_${SESSION}`, '--json', '--archive', path.join(work, 'a-import')], env) : undefined;
  const row = (what: string, p: { mb: number; seconds: number } | undefined) => (p ? `${what} ${p.mb.toFixed(0).padStart(5)} MB (${(p.mb / size).toFixed(2)}× the file, ${p.seconds.toFixed(1)} s)` : '');
  console.log(`${label.padEnd(22)} ${size.toFixed(0).padStart(4)} MB   ${row('import', imported)}   ${row('sync', synced)}   ${row('show --json', shown)}`);
  rmSync(home, { recursive: true, force: true });
  for (const a of ['a-import', 'a-sync']) rmSync(path.join(work, a), { recursive: true, force: true });
}

/** `import` always runs: `show` reads what it archived. */
const STEPS = new Set((process.env.DEJAVU_BENCH_HUGE_STEPS ?? 'import,sync,show').split(','));
// 0 or empty: no repeated session (only the huge line), as DEJAVU_BENCH_LINE_MB=0 leaves the line out.
const sizes = (process.env.DEJAVU_BENCH_HUGE_MB ?? '50,100,200').split(',').map(Number).filter((mb) => mb > 0);
const lineMb = Number(process.env.DEJAVU_BENCH_LINE_MB ?? 100);
/** `prompt`: the huge line is a typed prompt (a pasted log) instead of a tool result. */
const lineKind = process.env.DEJAVU_BENCH_LINE_KIND ?? 'tool-result';
const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-huge-'));
try {
  console.log(`peak RSS of one Claude Code session (target <= 250 MB, flat), from ${path.basename(SEED)}`);
  for (const mb of sizes) measure('repeated session', (f) => repeatedSession(SEED, f, mb * MB), work);
  if (lineMb > 0 && lineKind === 'prompt') measure('one huge prompt line', (f) => hugePromptSession(f, lineMb * MB), work);
  else if (lineMb > 0) measure('one huge line', (f) => hugeLineSession(f, lineMb * MB), work);
} finally {
  rmSync(work, { recursive: true, force: true });
}
