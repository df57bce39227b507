import { readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Conversation, ConversationRelation } from '../../../shared/record';
import { provenanceFor } from '../../../test/provenance';
import { fileParseContext } from '../capture/parse-context';
import { claudeCodeProvider } from '../providers/claude-code';
import { codexProvider } from '../providers/codex';
import { ArchiveFormatError, decodeConversation, encodeConversation } from './codec';

const cases = [
  ...provenanceFor('claude-code').map((f) => ({ f, provider: claudeCodeProvider })),
  ...provenanceFor('codex').map((f) => ({ f, provider: codexProvider })),
];

describe('archive codec', () => {
  it.each(cases.map((c) => [c.f.file, c] as const))('round-trips every conversation of %s without losing a field', async (_name, { f, provider }) => {
    for (const conversation of await provider.parse(fileParseContext(f.absPath))) {
      const bytes = encodeConversation(conversation);
      expect(decodeConversation(bytes)).toEqual(JSON.parse(JSON.stringify(conversation)));
    }
  });

  it('compresses, and refuses bytes that are not an archive blob', async () => {
    const [c] = await codexProvider.parse(fileParseContext(provenanceFor('codex')[0].absPath));
    expect(encodeConversation(c).length).toBeLessThan(JSON.stringify(c).length / 3);
    expect(() => decodeConversation(Buffer.from('{"id":"x"}'))).toThrow(ArchiveFormatError);
  });

  /** A conversation whose title and prompts hold the given texts. */
  const holding = (title: string, texts: string[]): Conversation => ({
    id: 'claude-code_s1',
    agent: 'claude-code',
    nativeId: 's1',
    workspace: 'w',
    instance: 'host',
    title,
    models: [],
    sourcePath: '/s1.jsonl',
    sources: ['/s1.jsonl'],
    warnings: [],
    messages: texts.map((content, i) => ({ id: `m${i}`, role: 'user', parts: [{ type: 'text', content }] })),
  });
  const textsOf = (c: Conversation) => c.messages.map((m) => (m.parts[0].type === 'text' ? m.parts[0].content : ''));

  it('stores a lone surrogate (a JSON "\\ud800" escape, a text cut mid-emoji) as U+FFFD, and the blob reads back', () => {
    const cut = 'cut 😀'.slice(0, -1); // the emoji's first half only
    const long = `${'x'.repeat(60)}\udfff${'y'.repeat(60)}`; // past protobufjs's short-string path
    const longer = `${'x'.repeat(200)}\ud83d${'y'.repeat(200)}\ud800`; // past its length-first path too (one pass: well-formed-strings.ts)
    const back = decodeConversation(encodeConversation(holding(cut, ['a\ud800b', long, longer, 'whole 😀'])));
    expect(back.title).toBe('cut \ufffd');
    expect(textsOf(back)).toEqual(['a\ufffdb', `${'x'.repeat(60)}\ufffd${'y'.repeat(60)}`, `${'x'.repeat(200)}\ufffd${'y'.repeat(200)}\ufffd`, 'whole 😀']);
  });

  it('reads a blob an older version wrote with a lone surrogate in it, showing U+FFFD', () => {
    // protobufjs wrote a short string's lone U+D800 as the bytes ED A0 80, which UTF-8 forbids:
    // a blob an older version wrote (container 1, blob-container-1/) with those bytes in a prompt.
    const blob = readFileSync(path.join(import.meta.dirname, 'blob-container-1', 'conversation.pb'));
    expect(blob.subarray(0, 4).toString('latin1')).toBe('DJV1');
    const raw = zlib.zstdDecompressSync(blob.subarray(5));
    const at = raw.indexOf(Buffer.from('list the files, please'));
    expect(at).toBeGreaterThan(0);
    Buffer.from([0xed, 0xa0, 0x80]).copy(raw, at + 'list the fi'.length);
    const old = Buffer.concat([blob.subarray(0, 5), zlib.zstdCompressSync(raw)]);
    expect(decodeConversation(old).messages[0].parts).toEqual([{ type: 'text', content: 'list the fi\ufffd\ufffd\ufffd, please' }]);
  });

  it('keeps how a conversation relates to its parent; an older blob without it reads as before', () => {
    const linked = (relation?: ConversationRelation): Conversation => ({ ...holding('t', ['go on']), parentId: 'claude-code_p1', relation });
    for (const relation of ['subagent', 'fork', 'continuation'] as const) {
      const back = decodeConversation(encodeConversation(linked(relation)));
      expect([back.parentId, back.relation]).toEqual(['claude-code_p1', relation]);
    }
    const unset = decodeConversation(encodeConversation(linked()));
    expect(unset.parentId).toBe('claude-code_p1');
    expect('relation' in unset).toBe(false);
    // A relation a newer build wrote that this one does not know reads as unset (shown as a subagent).
    const newer = decodeConversation(encodeConversation(linked('merge' as ConversationRelation)));
    expect([newer.parentId, 'relation' in newer]).toEqual(['claude-code_p1', false]);
    // A blob written before the field existed (container 1) reads whole, with no relation.
    const old = decodeConversation(readFileSync(path.join(import.meta.dirname, 'blob-container-1', 'conversation.pb')));
    expect('relation' in old).toBe(false);
    expect(old.messages[0].parts).toEqual([{ type: 'text', content: 'list the files, please' }]);
  });
});
