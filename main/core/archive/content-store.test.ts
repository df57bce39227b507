/**
 * The codec with a real content store on disk: a large tool output and an image leave the blob
 * (also out of the native record that held them) and come back exactly.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../shared/record';
import { framesOf } from './blob-container';
import { archiveContent, readBlob, writeBlob } from './blob-store';
import { decodeConversation } from './codec';
import { CONTENT_DIR, CONTENT_THRESHOLD } from './content-store';

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
});

function readBlobBytes(root: string, relative: string): Buffer {
  return readFileSync(path.join(root, relative));
}
