/**
 * One very long line (a huge tool output) in a huge session file is read without making it one
 * string: its long strings stay in the file and are streamed into the content store (far strings,
 * main/core/README.md "One huge session file"). What the archive holds must be what reading the
 * line whole gives: the same record (`show --json`), the same search hits, the same warnings.
 * Shown or exported, such an output is read and written a slice at a time (DEJAVU_FAR_READ_BYTES):
 * the same bytes as reading it whole, in bounded memory.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { zstdDecompressSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hugeSessionSeed } from '../bench/huge-session';
import { runWithPeakRss } from '../bench/peak-rss';
import { zstdFrames } from '../main/core/archive/zstd-frames';
import { dejavu } from './cli';
import { send, startMcp } from './mcp-process';
import { FIXTURES_DIR, REPO_ROOT } from './fixtures';
import { contentFiles, FAR, importBoth as importBothIn, MB, mostFrames, searchHits } from './huge-line-runs';

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
    const { run } = fortyMbLine();
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.peakMb).toBeLessThan(250);
  });
});

/** The output a slice at a time (DEJAVU_FAR_READ_BYTES), or whole (the read before far strings reached `show`). */
const FAR_READ = { DEJAVU_FAR_READ_BYTES: String(64 * 1024) };
const WHOLE_READ = { DEJAVU_FAR_READ_BYTES: String(1024 * 1024 * MB) };
const CLI_BUNDLE = path.join(REPO_ROOT, 'out', 'cli', 'dejavu.mjs');

let forty: { run: ReturnType<typeof runWithPeakRss>; archive: string } | undefined;
/** One import of a 40 MB tool output in one line, shared by the import and show memory tests. */
function fortyMbLine() {
  if (forty) return forty;
  const { lines, huge } = seedWith((pool) => pool.repeat(Math.ceil((40 * MB) / pool.length)));
  const dir = path.join(work, 'rss');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl');
  writeFileSync(file, `${lines.join('\n')}\n${huge}\n`);
  const archive = path.join(dir, 'archive');
  forty = { run: runWithPeakRss(CLI_BUNDLE, ['import', file, '--archive', archive]), archive };
  rmSync(file);
  return forty;
}

/** How many bytes `text` takes inside a JSON string of the file (JSON.stringify's escapes, UTF-8). */
function escapedBytes(text: string): number {
  return Buffer.byteLength(JSON.stringify(text).slice(1, -1));
}

/** Real output (`pool` repeated) that takes exactly `bytes` bytes in the file, ending in plain ASCII. */
function outputOfBytes(pool: string, bytes: number): string {
  let text = '';
  let used = 0;
  for (const ch of pool.repeat(Math.ceil((bytes * 2) / pool.length))) {
    const n = escapedBytes(ch);
    if (used + n > bytes - 8) break;
    text += ch;
    used += n;
  }
  return text + '.'.repeat(bytes - used);
}

describe('show and export of a huge line, read a slice at a time', () => {
  it('write what reading the output whole writes (show --json, show, export md/json/html, the MCP pages), redacted or not, with a secret across each slice edge', async () => {
    // The huge-line reader cuts the output every 1 MiB of the file's bytes (FAR_SLICE_BYTES), where
    // nothing is escaped: each of these secrets is cut there, 11 bytes in, and so is each stored frame.
    const aws = ' AKIAUJZDE8GXD6NCF10E ';
    const github = ' ghp_sMehGAkWvj7FAc9QeWJKY40uvSwMFLZDe1f8 ';
    const { lines, huge } = seedWith((pool) => `${outputOfBytes(pool, MB - 11)}${aws}${outputOfBytes(pool, MB - aws.length)}${github}${pool.slice(0, 300_000)}\nend-marker-7f3a91`);
    const dir = path.join(work, 'show');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl');
    writeFileSync(file, `${lines.join('\n')}\n${huge}\n`);
    const archive = path.join(dir, 'archive');
    expect(dejavu(['import', file, '--archive', archive], FAR).code).toBe(0);
    const id = 'claude-code_fe5e1c67-53e7-4862-81ae-d0e013e3270b';
    const frames = contentFiles(archive).map((f) => zstdFrames(readFileSync(f))!.length);
    expect(Math.max(...frames)).toBeGreaterThanOrEqual(3);

    const outputs = (env: Record<string, string>, name: string) => {
      const shown = [['show', id, '--json'], ['show', id, '--json', '--no-redact'], ['show', id], ['show', id, '--no-redact']].map((args) => dejavu([...args, '--archive', archive], env));
      const exported = ['md', 'json', 'html'].map((format) => {
        const out = path.join(dir, `${name}.${format}`);
        const r = dejavu(['export', id, '-f', format, '-o', out, '--archive', archive], env);
        return { ...r, file: readFileSync(out, 'utf8') };
      });
      return { shown, exported };
    };
    const far = outputs(FAR_READ, 'far');
    const whole = outputs(WHOLE_READ, 'whole');
    for (const [i, r] of [...far.shown, ...far.exported].entries()) {
      expect(r.code, `command ${i}`).toBe(0);
    }
    expect(far.shown[0].stderr).toBe('dejavu: 2 secrets redacted (1 aws-key, 1 github-token); --no-redact keeps them\n');
    expect(far.shown[0].stdout).toContain('[redacted: aws-key]');
    expect(far.shown[0].stdout).not.toContain('AKIAUJZDE8GXD6NCF10E');
    expect(far.shown[1].stdout).toContain('AKIAUJZDE8GXD6NCF10E');
    expect(far.shown[0].stdout.length).toBeGreaterThan(6 * MB);
    for (let i = 0; i < far.shown.length; i++) {
      expect(far.shown[i].stderr, `show ${i}`).toBe(whole.shown[i].stderr);
      expect(far.shown[i].stdout === whole.shown[i].stdout, `show ${i}`).toBe(true);
    }
    for (let i = 0; i < far.exported.length; i++) {
      expect(far.exported[i].stderr, `export ${i}`).toBe(whole.exported[i].stderr);
      expect(far.exported[i].file === whole.exported[i].file, `export ${i}`).toBe(true);
    }
    expect(far.exported[1].file).toContain('[redacted: github-token]');

    // The MCP server's pages too: the same text, cut or not, as reading the output whole.
    const pages = async (env: Record<string, string>) => {
      const mcp = startMcp(archive, env);
      try {
        send(mcp.child, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } } });
        await mcp.next(1);
        send(mcp.child, { jsonrpc: '2.0', method: 'notifications/initialized' });
        const asked = [{}, { max_tool_output: 0 }, { from: 3, limit: 400 }];
        asked.forEach((args, i) => send(mcp.child, { jsonrpc: '2.0', id: 2 + i, method: 'tools/call', params: { name: 'read_conversation', arguments: { id, ...args } } }));
        return await Promise.all(asked.map(async (_, i) => (await mcp.next(2 + i)).result?.content?.map((c) => c.text).join('') ?? ''));
      } finally {
        mcp.child.kill();
      }
    };
    const [farPages, wholePages] = [await pages(FAR_READ), await pages(WHOLE_READ)];
    for (const [i, page] of farPages.entries()) {
      expect(page.length, `page ${i}`).toBeGreaterThan(1000);
      expect(page, `page ${i}`).not.toContain('\u0000');
      expect(page === wholePages[i], `page ${i}`).toBe(true);
    }
  });

  it('with redaction at capture on, stores the output masked: in its part, in its native record (twice: message and toolUseResult) and in the content store', () => {
    const aws = 'AKIAUJZDE8GXD6NCF10E';
    const { lines, huge } = seedWith((pool) => `${outputOfBytes(pool, 200_000)} use ${aws} for the bucket ${outputOfBytes(pool, 200_000)}`);
    const dir = path.join(work, 'redact-at-capture');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl');
    writeFileSync(file, `${lines.join('\n')}\n${huge}\n`);
    const archive = path.join(dir, 'archive');
    expect(dejavu(['settings', '--redact-at-capture', 'on', '--archive', archive]).code).toBe(0);
    expect(dejavu(['import', file, '--archive', archive], FAR).code).toBe(0);
    const shown = dejavu(['show', 'claude-code_fe5e1c67-53e7-4862-81ae-d0e013e3270b', '--json', '--no-redact', '--archive', archive]);
    expect(shown.code).toBe(0);
    const record = JSON.parse(shown.stdout) as { messages: { native?: string; parts: { type: string; response?: string }[] }[] };
    const last = record.messages.find((m) => m.parts.some((p) => p.type === 'tool_call_response' && (p.response?.length ?? 0) > 300_000))!;
    expect(last.parts.find((p) => p.type === 'tool_call_response')!.response).toContain('use [redacted: aws-key] for the bucket');
    expect(last.native!.split('use [redacted: aws-key] for the bucket')).toHaveLength(3);
    expect(shown.stdout).not.toContain(aws);
    for (const f of contentFiles(archive)) expect(zstdFrames(readFileSync(f))!.map((frame) => zstdDecompressSync(frame).toString('utf8')).join('')).not.toContain(aws);
  });

  it('show --json of a 40 MB tool output in one line peaks under 200 MB; read whole, over it', () => {
    const { archive } = fortyMbLine();
    const id = 'claude-code_fe5e1c67-53e7-4862-81ae-d0e013e3270b';
    const far = runWithPeakRss(CLI_BUNDLE, ['show', id, '--json', '--no-redact', '--archive', archive], {}, 'ignore');
    expect(far.stderr).toBe('dejavu: secret redaction is off: secrets in this conversation are written as they were typed\n');
    expect(far.code).toBe(0);
    expect(far.peakMb).toBeLessThan(200);
    const whole = runWithPeakRss(CLI_BUNDLE, ['show', id, '--json', '--no-redact', '--archive', archive], WHOLE_READ, 'ignore');
    expect(whole.code).toBe(0);
    expect(whole.peakMb).toBeGreaterThan(200);
  });
});
