/**
 * One very long line (a huge tool output) in a huge session file is read without making it one
 * string: its long strings stay in the file and are streamed into the content store (far strings,
 * main/core/README.md "One huge session file"). What the archive holds must be what reading the
 * line whole gives: the same record (`show --json`), the same search hits, the same warnings.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hugeSessionSeed } from '../bench/huge-session';
import { runWithPeakRss } from '../bench/peak-rss';
import { FIXTURES_DIR, REPO_ROOT } from './fixtures';
import { contentFiles, importBoth as importBothIn, MB, mostFrames, searchHits } from './huge-line-runs';

const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-huge-line-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The seed session's lines, and a tool-result record of it with `output` as its content (as bench/huge-session-bench.ts makes its huge line). */
function seedWith(output: (pool: string) => string): { lines: string[]; huge: string } {
  const lines = readFileSync(hugeSessionSeed(FIXTURES_DIR), 'utf8').split('\n').filter(Boolean);
  const outputs: string[] = [];
  let template: { message: { content: { type: string }[] } } | undefined;
  let last: string | undefined;
  for (const line of lines) {
    const r = JSON.parse(line) as { uuid?: string; message?: { content?: unknown } };
    if (r.uuid) last = r.uuid;
    if (!Array.isArray(r.message?.content)) continue;
    for (const c of r.message.content as { type?: string; content?: unknown }[]) {
      if (c.type === 'tool_result' && typeof c.content === 'string') {
        outputs.push(c.content);
        template ??= r as unknown as NonNullable<typeof template>;
      }
    }
  }
  const text = output(outputs.join('\n'));
  const huge = JSON.stringify({
    ...template,
    parentUuid: last,
    uuid: randomUUID(),
    // Claude Code keeps the output twice: in the message and in toolUseResult.
    toolUseResult: { stdout: text, stderr: '', interrupted: false },
    message: { ...template!.message, content: template!.message.content.map((c) => (c.type === 'tool_result' ? { ...c, content: text } : c)) },
  });
  return { lines, huge };
}

let n = 0;
/** Imports `content` once whole and once far (huge-line-runs.ts), each in a folder of its own. */
const importBoth = (content: string) => importBothIn(path.join(work, String((n += 1))), content);

describe('a huge line read in pieces', () => {
  it('archives a 3 MB real tool output (escapes, non-Latin-1 text, a surrogate pair) as reading it whole does: same record, same search hits, stored once', () => {
    const { lines, huge } = seedWith((pool) => `${pool.repeat(Math.ceil((3 * MB) / pool.length))}\n日本語の出力 😀 "quoted"\tend-marker-7f3a91`);
    const { whole, far } = importBoth(`${lines.join('\n')}\n${huge}\n`);
    for (const r of [whole, far]) {
      expect(r.imported.stderr).toBe('');
      expect(r.imported.code).toBe(0);
      expect(r.shown.code).toBe(0);
    }
    expect(far.shown.stdout.length).toBeGreaterThan(6 * MB);
    expect(far.shown.stdout).toBe(whole.shown.stdout);
    // The output and its toolUseResult copy are one content file, as when read whole.
    expect(contentFiles(far.archive).map((f) => path.basename(f)).sort()).toEqual(contentFiles(whole.archive).map((f) => path.basename(f)).sort());
    // Streamed in ~1 MiB slices (a zstd frame each) on the far side, compressed whole on the other.
    expect(mostFrames(far.archive)).toBeGreaterThanOrEqual(3);
    expect(mostFrames(whole.archive)).toBe(1);
    for (const query of ['end-marker-7f3a91', '日本語の出力']) {
      expect(searchHits(far.archive, query, '--tools')).toContain('claude-code_fe5e1c67');
      expect(searchHits(far.archive, query, '--tools')).toBe(searchHits(whole.archive, query, '--tools'));
    }
  });

  it('reads whole, as before, a long line whose output is escaped otherwise than JSON.stringify writes it, and keeps it so', () => {
    const { lines, huge } = seedWith((pool) => `${pool.repeat(Math.ceil(MB / pool.length))} café`);
    const { whole, far } = importBoth(`${lines.join('\n')}\n${huge.replaceAll('é', '\\u00e9')}\n`);
    expect(far.imported.code).toBe(0);
    expect(far.shown.stdout).toContain('\\\\u00e9'); // the native record keeps the line as written
    expect(far.shown.stdout).toBe(whole.shown.stdout);
  });

  it('keeps what reading whole keeps of a long line that is not JSON, and of a cut long last line: the same warnings, the rest of the file', () => {
    const { lines, huge } = seedWith((pool) => pool.repeat(Math.ceil(MB / pool.length)));
    const notJson = `{"type":"user","message":"${'x'.repeat(200_000)}`; // never closed, and a newline after it
    const { whole, far } = importBoth(`${lines.join('\n')}\n${notJson}\n${lines.join('\n')}\n${huge.slice(0, -5000)}`);
    for (const r of [whole, far]) expect(r.imported.code).toBe(0);
    expect(far.imported.stderr).toBe(whole.imported.stderr);
    const warnings = (r: typeof far) => r.shown.docs.flatMap((doc) => (JSON.parse(doc) as { warnings: { message: string }[] }).warnings.map((w) => w.message));
    expect(warnings(far)).toEqual(expect.arrayContaining([expect.stringContaining('Unreadable line skipped'), expect.stringContaining('cut short')]));
    expect(far.shown.stdout).toBe(whole.shown.stdout);
    expect(statSync(path.join(far.archive, 'index.db')).size).toBeGreaterThan(0);
  });

  it('imports a 40 MB tool output in one line under 250 MB of peak memory (was ~660 MB: the line, its parse, its UTF-8 copy, at each read)', () => {
    const { lines, huge } = seedWith((pool) => pool.repeat(Math.ceil((40 * MB) / pool.length)));
    const dir = path.join(work, 'rss');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl');
    writeFileSync(file, `${lines.join('\n')}\n${huge}\n`);
    const run = runWithPeakRss(path.join(REPO_ROOT, 'out', 'cli', 'dejavu.mjs'), ['import', file, '--archive', path.join(dir, 'archive')]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.peakMb).toBeLessThan(250);
  });
});
