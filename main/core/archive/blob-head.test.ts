import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pagedConversation, spoilPagesBut } from '../../../test/paged-blob';
import { readBlobHead } from './blob-head';
import { decodeConversation, encodeConversation } from './codec';

const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-blob-head-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function put(relative: string, bytes: Uint8Array): string {
  mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  writeFileSync(path.join(root, relative), bytes);
  return relative;
}

describe("a blob's head", () => {
  it('is the whole record without its messages, read without any page (every page spoilt)', async () => {
    const conversation = { ...(await pagedConversation(3)), parentId: 'claude-code:parent', relation: 'continuation' as const };
    const intact = encodeConversation(conversation);
    // Keep only message 0's page intact; spoil the rest: the head must not need them.
    const { bytes, spoiled } = spoilPagesBut(intact, 0);
    expect(spoiled).toBeGreaterThanOrEqual(3);
    const head = readBlobHead(root, put('w/a.pb', bytes));
    const { messages, ...whole } = decodeConversation(intact);
    expect(messages.length).toBeGreaterThan(100);
    expect(head).toEqual({ ...whole, messages: [] });
    expect(head.relation).toBe('continuation');
  });

  it('reads a container-1 blob (one frame) whole, and says a cut head is cut', () => {
    const v1 = readFileSync(path.join(import.meta.dirname, 'blob-container-1', 'conversation.pb'));
    const { messages: _m, ...whole } = decodeConversation(v1);
    expect(readBlobHead(root, put('w/v1.pb', v1))).toEqual({ ...whole, messages: [] });
    const cut = encodeConversation({ ...decodeConversation(v1) }).subarray(0, 20);
    expect(() => readBlobHead(root, put('w/cut.pb', cut))).toThrow(/cut short/);
  });
});
