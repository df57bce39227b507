/**
 * The outgoing writers' far read (reader.readFar): a stored output over the threshold stays in the
 * content store, read frame by frame as a far string, and `show --json`, the Markdown and the HTML
 * views, redacted or not, are what they are from the whole read, byte for byte. Real blobs and
 * content files (writeBlob), real tool outputs of a fixture session, frames cut where the test
 * says: inside a secret, between a surrogate pair and what follows it.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hugeSessionSeed } from '../bench/huge-session';
import { jsonPieces } from '../main/cli/json-pieces';
import { readBlob, readBlobFar, writeBlob } from '../main/core/archive/blob-store';
import { redactConversation } from '../main/core/redact/redact-conversation';
import { conversationToHtml } from '../main/core/render/html';
import { conversationToMarkdown } from '../main/core/render/markdown';
import { farString, farText, holdsFarString } from '../shared/far-strings';
import type { Conversation } from '../shared/record';
import { FIXTURES_DIR } from './fixtures';
import { loadHighlighter } from '../main/core/render/html-highlight';

// The HTML export's code highlighter loads when first asked for (the CLI and the service await it).
beforeAll(() => loadHighlighter());

const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-far-read-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The seed session's real tool outputs, joined. */
const pool = readFileSync(hugeSessionSeed(FIXTURES_DIR), 'utf8')
  .split('\n')
  .filter(Boolean)
  .flatMap((line) => {
    const content = (JSON.parse(line) as { message?: { content?: unknown } }).message?.content;
    return Array.isArray(content) ? content.filter((c: { type?: string; content?: unknown }) => c.type === 'tool_result' && typeof c.content === 'string').map((c: { content: string }) => c.content) : [];
  })
  .join('\n');

const SECRETS = ['use AKIAUJZDE8GXD6NCF10E for the bucket', 'push with ghp_sMehGAkWvj7FAc9QeWJKY40uvSwMFLZDe1f8 please', 'the db is postgres://app_owner:Vx7q2LmP9sKd@db.internal.example.com:5432/prod ok'];

/** About `size` characters of real output, with each slice edge inside a secret (or right after a surrogate pair): the slices, and the text. */
function slicedOutput(size: number): string[] {
  const slices: string[] = [];
  let carry = '';
  for (let i = 0; slices.join('').length < size; i++) {
    const body = `${carry}${pool.repeat(Math.ceil(40_000 / pool.length)).slice(0, 40_000 + i * 997)}\n`;
    if (i % 4 === 3) {
      slices.push(`${body}日本語 😀`);
      carry = '';
    } else {
      const secret = SECRETS[i % SECRETS.length];
      const cut = 5 + ((i * 7) % (secret.length - 10));
      slices.push(body + secret.slice(0, cut));
      carry = secret.slice(cut);
    }
  }
  slices.push(`${carry}\nend-marker-7f3a91`);
  return slices;
}

let n = 0;
/** A far string of these slices, as the huge-line reader makes one (each a zstd frame once stored). */
function far(slices: readonly string[]): string {
  return farString(`far-read-test:${(n += 1)}`, { slices: () => slices });
}

const plain = slicedOutput(200_000);
const wrapped = ['Chunk ID: 4f1a\nWall time: 1.25 seconds\nProcess exited with code 2\nOriginal token count: 9000\nOutput:\n', ...slicedOutput(120_000)];

function conversation(): Conversation {
  const [a, b] = [far(plain), far(wrapped)];
  const line = (id: string, output: string) => JSON.stringify({ type: 'user', uuid: id, message: { content: [{ type: 'tool_result', tool_use_id: id, content: output }] }, toolUseResult: { stdout: output, stderr: '' } });
  return {
    id: 'claude-code_far-read',
    agent: 'claude-code',
    nativeId: 'far-read',
    workspace: 'proj',
    instance: 'host',
    models: [],
    sourcePath: '/s/far.jsonl',
    sources: ['/s/far.jsonl'],
    warnings: [],
    messages: [
      { id: 'a1', role: 'assistant', parts: [{ type: 'tool_call', id: 'c1', name: 'Bash', arguments: '{"command":"cat big.log"}' }] },
      { id: 't1', role: 'tool', parts: [{ type: 'tool_call_response', id: 'c1', response: a }], native: line('t1', a) },
      { id: 't2', role: 'tool', parts: [{ type: 'tool_call_response', id: 'c2', response: b }], native: line('t2', b) },
      { id: 't3', role: 'tool', parts: [{ type: 'tool_call_response', id: 'c3', response: 'small, kept inline' }] },
    ],
  };
}

describe('the far read of a stored output', () => {
  writeBlob(root, 'proj/far.pb', conversation());
  const whole = readBlob(root, 'proj/far.pb');
  const farRead = readBlobFar(root, 'proj/far.pb', { farAbove: 16 * 1024 });

  it('gives far strings to the outgoing read only: the plain read holds the text itself', () => {
    const responses = (c: { messages: readonly { parts: readonly { type: string; response?: string }[] }[] }) => c.messages.flatMap((m) => m.parts.flatMap((p) => (p.type === 'tool_call_response' ? [p.response!] : [])));
    expect(responses(whole).map((r) => r.length)).toEqual([plain.join('').length, wrapped.join('').length, 18]);
    expect(JSON.stringify(whole)).not.toMatch(/far:/);
    expect(whole.messages.some((m) => holdsFarString(m.native ?? ''))).toBe(false);
    expect(responses(farRead).map((r) => farText(r) !== undefined)).toEqual([true, true, false]);
    expect(farRead.messages[1].native!.length).toBeLessThan(400);
  });

  it('writes the same JSON, Markdown and HTML as the whole read', () => {
    expect([...jsonPieces(farRead)].join('')).toBe(JSON.stringify(whole, null, 2));
    expect(conversationToMarkdown(farRead, { timeZone: 'UTC' })).toBe(conversationToMarkdown(whole, { timeZone: 'UTC' }));
    expect(conversationToHtml(farRead)).toBe(conversationToHtml(whole));
  });

  it('masks the secrets cut between frames as the whole read does, and counts them the same', () => {
    const w = redactConversation(whole);
    const f = redactConversation(farRead);
    expect(w.kinds).toEqual({ 'aws-key': 1, 'github-token': 1, 'connection-string': 1 });
    expect(f.kinds).toEqual(w.kinds);
    expect(f.count).toBe(w.count);
    const json = [...jsonPieces(f.conversation)].join('');
    expect(json).toBe(JSON.stringify(w.conversation, null, 2));
    expect(json).not.toContain('AKIAUJZDE8GXD6NCF10E');
    expect(json).toContain('use [redacted: aws-key] for the bucket');
    expect(conversationToMarkdown(f.conversation, { timeZone: 'UTC' })).toBe(conversationToMarkdown(w.conversation, { timeZone: 'UTC' }));
    expect(conversationToHtml(f.conversation)).toBe(conversationToHtml(w.conversation));
  });

  it('fails the read, before anything is written, on a damaged or missing content file, as the whole read does', () => {
    const copy = mkdtempSync(path.join(os.tmpdir(), 'dejavu-far-read-damaged-'));
    try {
      cpSync(root, copy, { recursive: true });
      const files = readdirSync(path.join(copy, '.content'), { recursive: true }).map(String).filter((f) => f.endsWith('.zst'));
      const largest = files.map((f) => path.join(copy, '.content', f)).sort((a, b) => readFileSync(b).length - readFileSync(a).length)[0];
      const hash = path.basename(largest, '.zst');
      const bytes = readFileSync(largest);
      writeFileSync(largest, bytes.subarray(0, bytes.length - 20));
      const damaged = `its stored content ${hash.slice(0, 12)}… is damaged`;
      expect(() => readBlob(copy, 'proj/far.pb')).toThrow(damaged);
      expect(() => readBlobFar(copy, 'proj/far.pb', { farAbove: 16 * 1024 })).toThrow(damaged);
      rmSync(largest);
      expect(() => readBlobFar(copy, 'proj/far.pb', { farAbove: 16 * 1024 })).toThrow(`its stored content ${hash.slice(0, 12)}… is missing from the archive`);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
