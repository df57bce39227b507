/**
 * One very long prompt (and answer) line in a huge session file, read without making it one
 * string: the text stays in the file as a far string, is streamed into the content store and
 * indexed from its head, middle identifiers and tail (main/core/README.md "One huge session
 * file"). The archive must hold what reading the line whole gives (`show --json`, search hits),
 * and the digest must keep the prompt whole through eviction to stage 2.
 */
import Database from 'better-sqlite3';
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hugeSessionSeed } from '../bench/huge-session';
import { runWithPeakRss } from '../bench/peak-rss';
import { dejavu } from './cli';
import { FIXTURES_DIR, REPO_ROOT } from './fixtures';
import { contentFiles, FAR, importBoth as importBothIn, MB, mostFrames, SEED_FILE_NAME, searchHits, showAll, streamedFiles } from './huge-line-runs';

const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-far-prompt-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let n = 0;
/** The seed's main conversation, where the long prompt and answer are (its subagents' records are the seed's own). */
const MAIN = `claude-code_${SEED_FILE_NAME.replace('.jsonl', '')}`;
const importBoth = (content: string) => importBothIn(path.join(work, String((n += 1))), content, MAIN);

type RawRecord = { uuid?: string; parentUuid?: string; type?: string; isSidechain?: boolean; message?: { content?: unknown } };

/** The seed session (a real Claude Code file) as lines and records. */
function seed(): { lines: string[]; records: RawRecord[] } {
  const lines = readFileSync(hugeSessionSeed(FIXTURES_DIR), 'utf8').split('\n').filter(Boolean);
  return { lines, records: lines.map((l) => JSON.parse(l) as RawRecord) };
}

/**
 * A prompt of about `bytes` made of the seed's own text (its prompts, answers and tool outputs,
 * pasted as a person pastes a log), with findable words at its start, in its middle and at its end.
 */
function pastedPrompt(records: RawRecord[], bytes: number): string {
  const texts: string[] = [];
  for (const r of records) {
    const content = r.message?.content;
    if (typeof content === 'string') texts.push(content);
    else if (Array.isArray(content)) for (const c of content as { text?: unknown; content?: unknown }[]) texts.push(...[c.text, c.content].filter((t): t is string => typeof t === 'string'));
  }
  const pool = texts.join('\n');
  // The middle's identifier just past the indexed head, while the middle's identifier budget still has room.
  return `Why does this fail? farprompt-head-4b1d\n${pool.slice(0, 40_000)}\nmiddle_marker_7c2e 日本語の出力 😀 "quoted"\t\n${pool.repeat(Math.ceil(bytes / pool.length))}\nfarprompt-tail-9e30`;
}

/** The seed's main-session records to copy: a typed prompt, an answer. */
function templates(records: RawRecord[]) {
  const main = records.filter((r) => r.isSidechain === false);
  const typed = main.findLast((r) => r.type === 'user' && typeof r.message?.content === 'string')!;
  const answer = main.findLast((r) => r.type === 'assistant' && Array.isArray(r.message?.content) && (r.message.content as { type?: string }[])[0]?.type === 'text')!;
  return { typed, answer, last: records.findLast((r) => r.uuid)!.uuid! };
}

/** `record` as a new line after `parent`, its message content `content`. */
function line(record: RawRecord, parent: string, content: unknown): { text: string; uuid: string } {
  const uuid = randomUUID();
  return { text: JSON.stringify({ ...record, uuid, parentUuid: parent, message: { ...record.message, content } }), uuid };
}

/** The file: the seed, then the long prompt line, then an ordinary answer after it (or a long one). */
function sessionWith(promptAs: 'string' | 'text block', answerText?: string): { content: string; prompt: string } {
  const { lines, records } = seed();
  const t = templates(records);
  const prompt = pastedPrompt(records, 3 * MB);
  const asked = line(t.typed, t.last, promptAs === 'string' ? prompt : [{ type: 'text', text: prompt }]);
  const answered = line(t.answer, asked.uuid, [{ type: 'text', text: answerText ?? 'Done: the log shows the build failing at the lint step.' }]);
  return { content: `${lines.join('\n')}\n${asked.text}\n${answered.text}\n`, prompt };
}

/** The typed prompts of every conversation `show --json` printed. */
function typedPrompts(docs: readonly string[]): string[] {
  const out: string[] = [];
  for (const doc of docs) {
    const c = JSON.parse(doc) as { messages: { role: string; parts: { type: string; content?: string }[] }[] };
    for (const m of c.messages) if (m.role === 'user') out.push(m.parts.map((p) => p.content ?? '').join('\n\n'));
  }
  return out;
}

describe('a huge line whose long string is a prompt or an answer', () => {
  for (const promptAs of ['string', 'text block'] as const) {
    // With the prompt as a text block, the answer after it is a 3 MB text too.
    const longAnswer = promptAs === 'text block';
    it(`archives a 3 MB pasted prompt (${promptAs})${longAnswer ? ' and answer' : ''} as reading it whole does, streamed into the content store: same record, same search hits`, () => {
      const answer = longAnswer ? pastedPrompt(seed().records, 3 * MB).replace('Why does this fail?', 'Here is the whole log:').replace('farprompt-tail-9e30', 'faranswer-tail-5d11') : undefined;
      const { content, prompt } = sessionWith(promptAs, answer);
      const { whole, far } = importBoth(content);
      for (const r of [whole, far]) {
        expect(r.imported.stderr).toBe('');
        expect(r.imported.code).toBe(0);
        expect(r.shown.code).toBe(0);
      }
      expect(typedPrompts(far.shown.docs)).toContain(prompt);
      expect(far.shown.stdout).toBe(whole.shown.stdout);
      // The far read streamed the prompt (and the answer) in ~1 MiB slices, a zstd frame each; the whole read kept them inline.
      expect(mostFrames(far.archive)).toBeGreaterThanOrEqual(3);
      expect(streamedFiles(far.archive)).toBe(answer ? 2 : 1);
      expect(streamedFiles(whole.archive)).toBe(0);
      if (answer) expect(far.shown.stdout).toContain('Here is the whole log:');
      for (const query of ['farprompt-head-4b1d', 'middle_marker_7c2e', 'farprompt-tail-9e30', ...(answer ? ['faranswer-tail-5d11'] : [])]) {
        expect(searchHits(far.archive, query)).toContain('claude-code_fe5e1c67');
        expect(searchHits(far.archive, query)).toBe(searchHits(whole.archive, query));
      }
      // Shown and exported, the stored prompt is read a slice at a time (DEJAVU_FAR_READ_BYTES): the same bytes as reading it whole.
      for (const args of [['show', MAIN], ['show', MAIN, '--json'], ['export', MAIN, '-f', 'md', '-o', '-'], ['export', MAIN, '-f', 'html', '-o', '-']]) {
        const sliced = dejavu([...args, '--archive', far.archive], { DEJAVU_FAR_READ_BYTES: String(64 * 1024) });
        const read = dejavu([...args, '--archive', far.archive], { DEJAVU_FAR_READ_BYTES: String(1024 * MB) });
        expect(sliced.code, args.join(' ')).toBe(0);
        expect(sliced.stdout, args.join(' ')).not.toContain('\u0000');
        expect(sliced.stdout === read.stdout, args.join(' ')).toBe(true);
      }
    });
  }

  it('reads whole, as before, a long prompt the parse would read otherwise from its start alone (command output injected as a user record)', () => {
    const { lines, records } = seed();
    const t = templates(records);
    // Claude Code writes `!cmd` output as a user record; it is told apart by its start, and is not typed.
    const injected = `<local-command-stdout>${pastedPrompt(records, MB)}</local-command-stdout>`;
    const asked = line(t.typed, t.last, injected);
    const { whole, far } = importBoth(`${lines.join('\n')}\n${asked.text}\n`);
    expect(far.imported.code).toBe(0);
    expect(typedPrompts(far.shown.docs)).not.toContain(injected);
    expect(far.shown.stdout).toBe(whole.shown.stdout);
    // Read whole: the only stored content is the seed's own 54 KB tool output, in one frame.
    expect(mostFrames(far.archive)).toBe(1);
  });

  it('keeps the prompt byte for byte in its digest: through a stage-1 sweep of the content store and eviction to stage 2', () => {
    const { content, prompt } = sessionWith('text block');
    const dir = path.join(work, 'evict');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, SEED_FILE_NAME);
    writeFileSync(file, content);
    const archive = path.join(dir, 'archive');
    expect(dejavu(['import', file, '--archive', archive], FAR).code).toBe(0);
    // The content store names a file by the sha256 of its bytes.
    const stored = `${createHash('sha256').update(prompt).digest('hex')}.zst`;
    expect(contentFiles(archive).map((f) => path.basename(f))).toContain(stored);
    const rowOf = () => {
      const db = new Database(path.join(archive, 'index.db'), { readonly: true });
      try {
        return db.prepare('SELECT retention_stage, blob_path, blob_bytes FROM conversations WHERE native_id = ?').get(SEED_FILE_NAME.replace('.jsonl', '')) as { retention_stage: number; blob_path: string; blob_bytes: number };
      } finally {
        db.close();
      }
    };
    const stageOf = () => rowOf().retention_stage;
    // Stage 1 keeps the prompt inline and drops the native record: only the digest names the stored copy now, and the sweep keeps it.
    const first = dejavu(['evict', '--apply', '--soft-cap', '1', '--hard-cap', String(1024 * MB), '--archive', archive]);
    expect(first.code, first.stderr).toBe(0);
    expect(stageOf()).toBe(1);
    expect(contentFiles(archive).map((f) => path.basename(f))).toContain(stored);
    const second = dejavu(['evict', '--apply', '--soft-cap', '1', '--hard-cap', '1', '--archive', archive]);
    expect(second.code, second.stderr).toBe(0);
    expect(stageOf()).toBe(2);
    // The step's figure is the stage-2 blob's own size (its prompt named by hash, as written), as a dry run predicts it.
    expect(rowOf().blob_bytes).toBe(statSync(path.join(archive, rowOf().blob_path)).size);
    const shown = showAll(archive, MAIN);
    expect(shown.code).toBe(0);
    expect(typedPrompts(shown.docs)).toContain(prompt);
    expect(dejavu(['verify', '--archive', archive]).stdout).toContain('The archive is consistent.');
  });

  it('imports a 40 MB pasted prompt in one line under 250 MB of peak memory, and prints it as JSON under 200 MB (read whole, over it)', () => {
    const { lines, records } = seed();
    const t = templates(records);
    const asked = line(t.typed, t.last, pastedPrompt(records, 40 * MB));
    const dir = path.join(work, 'rss');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, SEED_FILE_NAME);
    writeFileSync(file, `${lines.join('\n')}\n${asked.text}\n`);
    const cli = path.join(REPO_ROOT, 'out', 'cli', 'dejavu.mjs');
    const archive = path.join(dir, 'archive');
    const run = runWithPeakRss(cli, ['import', file, '--archive', archive]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.peakMb).toBeLessThan(250);
    const show = ['show', MAIN, '--json', '--no-redact', '--archive', archive];
    const sliced = runWithPeakRss(cli, show, {}, 'ignore');
    expect(sliced.code).toBe(0);
    expect(sliced.peakMb).toBeLessThan(200);
    const whole = runWithPeakRss(cli, show, { DEJAVU_FAR_READ_BYTES: String(1024 * MB) }, 'ignore');
    expect(whole.code).toBe(0);
    expect(whole.peakMb).toBeGreaterThan(200);
  });
});
