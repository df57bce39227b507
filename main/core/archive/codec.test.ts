import { describe, expect, it } from 'vitest';
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
});
