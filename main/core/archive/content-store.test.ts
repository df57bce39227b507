/**
 * The codec with a real content store on disk: a large tool output and an image leave the blob
 * (also out of the native record that held them) and come back exactly.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../shared/record';
import { framesOf } from './blob-container';
import { archiveContent, readBlob, writeBlob } from './blob-store';
import { decodeConversation } from './codec';
import { CONTENT_DIR, CONTENT_THRESHOLD, contentRelativePath } from './content-store';
import { zstdFrames } from './zstd-frames';

const output = Array.from({ length: 600 }, (_, i) => `"quoted" \\ tab\there — ünïcode ${i}\n`).join('');
const image = Buffer.alloc(CONTENT_THRESHOLD + 10, 3).toString('base64');

function conversation(): Conversation {
  const toolLine = JSON.stringify({ type: 'tool_result', tool_use_id: 'c1', content: output });
  const userLine = JSON.stringify({ type: 'user', message: { content: [{ type: 'image', source: { data: image } }] } });
  return {
    id: 'claude-code_content-roundtrip',
    agent: 'claude-code',
    nativeId: 'content-roundtrip',
    workspace: 'proj',
    instance: 'host',
    models: [],
    sourcePath: '/s/a.jsonl',
    sources: ['/s/a.jsonl'],
    warnings: [],
    messages: [
      { id: 'u1', role: 'user', parts: [{ type: 'text', content: 'look' }, { type: 'blob', modality: 'image', mimeType: 'image/png', content: image }], native: userLine },
      { id: 't1', role: 'tool', parts: [{ type: 'tool_call_response', id: 'c1', response: output }], native: toolLine },
      { id: 't2', role: 'tool', parts: [{ type: 'tool_call_response', id: 'c2', response: 'small' }], native: '{"nul":"\u0000"}' },
    ],
  };
}

describe('content store', () => {
  it('keeps large parts out of the blob, native records included, and reads them back exactly', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-content-unit-'));
    const c = conversation();
    writeBlob(root, 'proj/a.pb', c);
    expect(readBlob(root, 'proj/a.pb')).toEqual(c);
    const raw = Buffer.concat([...framesOf(readBlobBytes(root, 'proj/a.pb'))]);
    // Neither the output (as the part or JSON-escaped in its native line) nor the image is left in the blob.
    expect(raw.includes(Buffer.from(JSON.stringify(output).slice(1, 200)))).toBe(false);
    expect(raw.includes(Buffer.from(output.slice(0, 200)))).toBe(false);
    expect(raw.includes(Buffer.from(image.slice(0, 200)))).toBe(false);
    expect(readdirSync(path.join(root, CONTENT_DIR), { recursive: true }).filter((f) => String(f).endsWith('.zst'))).toHaveLength(2);
  });

  it('measures a tool output in UTF-8 bytes: at the threshold in 3-byte characters it is stored, one byte short it stays inline', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-content-unit-'));
    // A third as many characters as the threshold's bytes, each '€' three bytes in UTF-8.
    const euros = '€'.repeat(Math.ceil(CONTENT_THRESHOLD / 3));
    const atThreshold = euros.slice(0, -1) + 'x'.repeat(CONTENT_THRESHOLD - 3 * (euros.length - 1));
    const oneShort = atThreshold.slice(0, -1);
    expect([Buffer.byteLength(atThreshold), Buffer.byteLength(oneShort)]).toEqual([CONTENT_THRESHOLD, CONTENT_THRESHOLD - 1]);
    const holding = (id: string, response: string): Conversation => ({
      ...conversation(),
      id,
      messages: [{ id: 't1', role: 'tool', parts: [{ type: 'tool_call_response', id: 'c1', response }] }],
    });
    const stored = () => readdirSync(path.join(root, CONTENT_DIR), { recursive: true }).filter((f) => String(f).endsWith('.zst')).length;
    writeBlob(root, 'proj/short.pb', holding('claude-code_short', oneShort));
    expect(() => stored()).toThrow('ENOENT');
    writeBlob(root, 'proj/at.pb', holding('claude-code_at', atThreshold));
    expect(stored()).toBe(1);
    expect(readBlob(root, 'proj/short.pb').messages[0].parts).toEqual([{ type: 'tool_call_response', id: 'c1', response: oneShort }]);
    expect(readBlob(root, 'proj/at.pb').messages[0].parts).toEqual([{ type: 'tool_call_response', id: 'c1', response: atThreshold }]);
  });

  it('stores the same part once for two conversations', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-content-unit-'));
    writeBlob(root, 'proj/a.pb', conversation());
    writeBlob(root, 'proj/b.pb', { ...conversation(), id: 'claude-code_other' });
    expect(readdirSync(path.join(root, CONTENT_DIR), { recursive: true }).filter((f) => String(f).endsWith('.zst'))).toHaveLength(2);
    expect(decodeConversation(readBlobBytes(root, 'proj/b.pb'), archiveContent(root)).messages).toEqual(conversation().messages);
  });

  it('keeps a text given in slices as one given whole (same hash), a frame per slice read back whole, and says so when a frame is damaged', () => {
    const slices = [output.slice(0, 5_000), output.slice(5_000, 20_000), output.slice(20_000)];
    const streamed = mkdtempSync(path.join(os.tmpdir(), 'dejavu-content-unit-'));
    const kept = archiveContent(streamed).putSlices(() => slices);
    const whole = archiveContent(mkdtempSync(path.join(os.tmpdir(), 'dejavu-content-unit-'))).put(Buffer.from(output));
    expect(kept.hash).toBe(whole.hash);
    const file = path.join(streamed, contentRelativePath(kept.hash));
    expect(zstdFrames(readFileSync(file))).toHaveLength(3);
    expect(archiveContent(streamed).get(kept.hash).toString('utf8')).toBe(output);
    // Its last frame cut short: not read as the output the person saw.
    const bytes = readFileSync(file);
    writeFileSync(file, bytes.subarray(0, bytes.length - 20));
    expect(() => archiveContent(streamed).get(kept.hash)).toThrow(`its stored content ${kept.hash.slice(0, 12)}… is damaged`);
  });
});

function readBlobBytes(root: string, relative: string): Buffer {
  return readFileSync(path.join(root, relative));
}
