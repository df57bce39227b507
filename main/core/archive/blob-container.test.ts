import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../../../shared/record';
import { framesOf, PAGE_BYTES } from './blob-container';
import { ArchiveFormatError, decodeConversation, encodeConversation } from './codec';

/** The conversation blob-container-1/conversation.pb holds: written by the one-protobuf codec (DJV1) before pages existed. */
const CONTAINER_1_SAMPLE: Conversation = {
  id: 'claude-code_container-one',
  agent: 'claude-code',
  nativeId: 'container-one',
  workspace: 'proj',
  instance: 'host',
  cwd: '/home/me/proj',
  title: 'a blob from before blobs were written in segments',
  startedAt: '2026-01-02T03:04:05.000Z',
  endedAt: '2026-01-02T03:06:00.000Z',
  models: ['claude-opus-4'],
  usage: { inputTokens: 120, outputTokens: 45 },
  sourcePath: '/home/me/.claude/projects/-home-me-proj/container-one.jsonl',
  sources: ['/home/me/.claude/projects/-home-me-proj/container-one.jsonl'],
  warnings: [{ line: 3, message: 'Unreadable line skipped: Unexpected end of JSON input' }],
  messages: [
    { id: 'u1', role: 'user', timestamp: '2026-01-02T03:04:05.000Z', parts: [{ type: 'text', content: 'list the files, please' }], native: '{"type":"user","uuid":"u1"}', source: 0 },
    {
      id: 'a1',
      parentId: 'u1',
      role: 'assistant',
      model: 'claude-opus-4',
      usage: { inputTokens: 120, outputTokens: 45 },
      parts: [
        { type: 'reasoning', content: 'ls is enough' },
        { type: 'tool_call', id: 'toolu_1', name: 'Bash', arguments: '{"command":"ls"}' },
      ],
      source: 0,
    },
    { id: 't1', parentId: 'a1', role: 'tool', parts: [{ type: 'tool_call_response', id: 'toolu_1', response: 'a.txt\nb.txt', isError: true }], source: 0 },
    { id: 'a2', parentId: 't1', role: 'assistant', parts: [{ type: 'text', content: 'Two files: a.txt and b.txt.' }], supersededAt: '2026-01-02T03:07:00.000Z' },
  ],
};

/** A long conversation: `count` messages of distinct text, each about `bytes` long. */
function longConversation(count: number, bytes: number): Conversation {
  const messages: Message[] = Array.from({ length: count }, (_, i) => ({
    id: `m${i}`,
    role: i % 2 ? 'assistant' : 'user',
    parts: [{ type: 'text', content: `message ${i}: ${String(i * 7919).repeat(bytes / 8)}`.slice(0, bytes) }],
    native: `{"n":${i}}`,
    source: 0,
  }));
  return { ...CONTAINER_1_SAMPLE, id: 'claude-code_long', messages };
}

describe('blob container', () => {
  it('reads a blob written as one protobuf (container 1) as the conversation it was', () => {
    const bytes = readFileSync(path.join(import.meta.dirname, 'blob-container-1', 'conversation.pb'));
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('DJV1');
    expect(decodeConversation(bytes)).toEqual(CONTAINER_1_SAMPLE);
  });

  it('writes a long conversation in pages of about a MiB, each compressed alone, and reads it back whole', () => {
    const c = longConversation(3000, 1000);
    const bytes = encodeConversation(c);
    const frames = [...framesOf(bytes)];
    // The head, then ~3 MB of messages in pages no larger than PAGE_BYTES.
    expect(frames.length).toBeGreaterThanOrEqual(4);
    expect(Math.max(...frames.map((f) => f.length))).toBeLessThanOrEqual(PAGE_BYTES);
    expect(decodeConversation(bytes)).toEqual(JSON.parse(JSON.stringify(c)));
  });

  it('keeps a message larger than a page whole, in a page of its own', () => {
    const c = longConversation(3, 3 * PAGE_BYTES);
    const frames = [...framesOf(encodeConversation(c))];
    expect(frames).toHaveLength(4);
    expect(decodeConversation(encodeConversation(c))).toEqual(JSON.parse(JSON.stringify(c)));
  });

  it('says a blob cut short is cut short', () => {
    const bytes = encodeConversation(longConversation(3000, 1000));
    const cut = bytes.subarray(0, bytes.length - 100);
    expect(() => decodeConversation(cut)).toThrow(ArchiveFormatError);
    expect(() => decodeConversation(cut)).toThrow('the blob is cut short (its last page is incomplete)');
  });
});
