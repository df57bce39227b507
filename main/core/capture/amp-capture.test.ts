/**
 * Live capture of Amp. Amp needs a login to its server, so — the one place a stand-in agent is
 * acceptable — `DEJAVU_AMP_BIN` points at a small node script that prints what
 * `amp --execute --stream-json` prints. Its lines follow the published stream schema (the
 * example in https://ampcode.com/news/streaming-json and the message models of Sourcegraph's
 * Python SDK amp-sdk 0.1.2, `amp_sdk/types.py`); see providers/amp/parse.test.ts. Everything
 * else is real: a spawned child, real files, a real archive read back with ArchiveReader.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { ArchiveReader } from '../access/archive-reader';
import { conversationId } from '../providers/kit/identity';
import { AmpNotStartedError, ampArgs, captureAmp } from './amp-capture';
import { sync } from './sync';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'dejavu-amp-capture-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const T = 'T-019c479a-39cc-72af-a2d1-65a965c076ec';
const base = { session_id: T };
const LINES = [
  { type: 'system', subtype: 'init', cwd: '/work/shop', session_id: T, tools: ['Bash', 'Read'], mcp_servers: [] },
  { type: 'user', message: { role: 'user', content: [{ type: 'text', text: 'List the test files' }] }, parent_tool_use_id: null, ...base },
  { type: 'assistant', message: { type: 'message', role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_9', name: 'Bash', input: { cmd: 'ls test' } }], stop_reason: 'tool_use', usage: { input_tokens: 10, output_tokens: 3 } }, parent_tool_use_id: null, ...base },
  { type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_9', content: 'cart.test.ts\nüber.test.ts' }] }, parent_tool_use_id: null, ...base },
  { type: 'assistant', message: { type: 'message', role: 'assistant', content: [{ type: 'text', text: 'Two files: cart.test.ts and über.test.ts.' }], stop_reason: 'end_turn', usage: { input_tokens: 20, output_tokens: 9 } }, parent_tool_use_id: null, ...base },
  { type: 'result', subtype: 'success', duration_ms: 1500, is_error: false, num_turns: 1, result: 'Two files: cart.test.ts and über.test.ts.', ...base },
].map((r) => JSON.stringify(r));
/** Exactly what the stand-in prints: the last line has no newline, as a killed writer might leave it. */
const PRINTED = `${LINES.join('\n')}`;

/** The stand-in amp: records its argv, prints the init line, waits for the first ingest, prints the rest. */
function fakeAmp(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const script = path.join(dir, 'amp.mjs');
  writeFileSync(
    script,
    `import { existsSync, writeFileSync } from 'node:fs';
const lines = ${JSON.stringify(LINES)};
writeFileSync(${JSON.stringify(path.join(dir, 'argv.json'))}, JSON.stringify(process.argv.slice(2)));
process.stdout.write(lines[0] + '\\n');
const until = Date.now() + Number(process.env.FAKE_WAIT_MS ?? 10000);
while (Date.now() < until && !existsSync(process.env.FAKE_INDEX)) await new Promise((r) => setTimeout(r, 20));
process.stdout.write(lines.slice(1).join('\\n'), () => process.exit(Number(process.env.FAKE_EXIT ?? 0)));
`,
  );
  const bin = path.join(dir, 'amp');
  writeFileSync(bin, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(script)} "$@"\n`);
  chmodSync(bin, 0o755);
  return bin;
}

function sink(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

describe('ampArgs', () => {
  it('adds --execute and --stream-json after the person\'s arguments, unless given', () => {
    expect(ampArgs(['-x', 'hi'])).toEqual(['-x', 'hi', '--stream-json']);
    expect(ampArgs(['threads', 'continue', T])).toEqual(['threads', 'continue', T, '--execute', '--stream-json']);
    expect(ampArgs(['--execute=hi', '--stream-json-thinking'])).toEqual(['--execute=hi', '--stream-json-thinking']);
    expect(ampArgs([])).toEqual(['--execute', '--stream-json']);
  });
});

describe('captureAmp', () => {
  it('passes the stream through unchanged, keeps it in the archive, ingests on the thread id and at exit', async () => {
    const dir = path.join(tmp, 'run1');
    const root = path.join(dir, 'archive');
    const bin = fakeAmp(path.join(dir, 'bin'));
    const out = sink();
    const result = await captureAmp({
      root,
      args: ['-x', 'List the test files'],
      env: { ...process.env, DEJAVU_AMP_BIN: bin, FAKE_INDEX: path.join(root, 'index.db'), FAKE_EXIT: '3' },
      stdout: out.stream,
      ingestEveryMs: 0,
    });
    expect(result.exitCode).toBe(3);
    expect(JSON.parse(readFileSync(path.join(dir, 'bin', 'argv.json'), 'utf8'))).toEqual(['-x', 'List the test files', '--stream-json']);
    expect(out.text()).toBe(PRINTED);
    expect(result.capturePath).toBeDefined();
    expect(path.dirname(result.capturePath!)).toBe(path.join(root, 'captures', 'amp'));
    expect(path.basename(result.capturePath!)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-\d+\.jsonl$/);
    expect(readFileSync(result.capturePath!, 'utf8')).toBe(PRINTED);
    expect(result.threadId).toBe(T);
    expect(result.ingests[0]).toBe('thread-id');
    expect(result.ingests.at(-1)).toBe('exit');
    expect(result.archived).toBe(true);
    expect(result.errors).toEqual([]);
    expect(existsSync(path.join(root, 'sync.lock'))).toBe(false);

    const id = conversationId('amp', T);
    expect(result.conversationIds).toEqual([id]);
    const reader = new ArchiveReader(root);
    try {
      const c = reader.get(id);
      expect(c.nativeId).toBe(T);
      expect(c.cwd).toBe('/work/shop');
      expect(c.messages.filter((m) => m.role === 'user').map((m) => m.parts)).toEqual([[{ type: 'text', content: 'List the test files' }]]);
      const all = c.messages.flatMap((m) => m.parts);
      expect(all.filter((p) => p.type === 'tool_call')).toEqual([{ type: 'tool_call', id: 'toolu_9', name: 'Bash', arguments: '{"cmd":"ls test"}' }]);
      expect(all.filter((p) => p.type === 'tool_call_response')).toEqual([{ type: 'tool_call_response', id: 'toolu_9', response: 'cart.test.ts\nüber.test.ts' }]);
      expect(all.filter((p) => p.type === 'text' && p.content.startsWith('Two files'))).toHaveLength(1);
      expect(c.startedAt).toBeDefined();
      expect(c.warnings).toEqual([]);
    } finally {
      reader.close();
    }
  });

  it('keeps the capture for the next sync when another process holds the archive, and exits with Amp\'s code', async () => {
    const dir = path.join(tmp, 'busy');
    const root = path.join(dir, 'archive');
    mkdirSync(root, { recursive: true });
    // A live process other than this one holds the writer lock (as a running sync would).
    writeFileSync(path.join(root, 'sync.lock'), String(process.ppid));
    const bin = fakeAmp(path.join(dir, 'bin'));
    const result = await captureAmp({
      root,
      args: ['threads', 'continue', T],
      env: { ...process.env, DEJAVU_AMP_BIN: bin, FAKE_INDEX: path.join(root, 'index.db'), FAKE_WAIT_MS: '0' },
      stdout: sink().stream,
      ingestEveryMs: 0,
      busyRetryMs: 300,
    });
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dir, 'bin', 'argv.json'), 'utf8'))).toEqual(['threads', 'continue', T, '--execute', '--stream-json']);
    expect(result.archived).toBe(false);
    expect(result.ingests).toEqual([]);
    expect(result.errors).toEqual([]);
    expect(readFileSync(result.capturePath!, 'utf8')).toBe(PRINTED);

    // The next sync finds it among the archive's own captures and stores it.
    rmSync(path.join(root, 'sync.lock'));
    const report = await sync({ root, sources: [path.join(dir, 'home')] });
    expect(report.errors).toEqual([]);
    expect(report.created).toEqual([conversationId('amp', T)]);
  });

  it('reports an amp that cannot be started and leaves no capture behind', async () => {
    const root = path.join(tmp, 'missing', 'archive');
    await expect(captureAmp({ root, args: ['-x', 'hi'], bin: path.join(tmp, 'no-such-amp'), stdout: sink().stream, ingestEveryMs: 0 })).rejects.toBeInstanceOf(AmpNotStartedError);
    expect(readdirSync(path.join(root, 'captures', 'amp'))).toEqual([]);
  });
});
