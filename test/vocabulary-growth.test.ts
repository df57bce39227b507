import { describe, expect, it } from 'vitest';
import type { Conversation } from '../shared/record';
import { identifierFragments, withGrownVocabulary } from '../bench/vocabulary-growth';
import { fixtureTexts } from './fixture-texts';

const CAMEL = /\b[A-Za-z][a-z0-9]*(?:[A-Z][a-z0-9]+)+\b/g;

/** The real fixtures' long texts as one conversation of text parts (the bench copies parsed conversations). */
function fixtureConversation(): Conversation {
  const texts = fixtureTexts().slice(0, 200);
  return {
    id: 'fixtures',
    agent: 'claude-code',
    nativeId: 'fixtures',
    workspace: 'w',
    instance: 'host',
    models: [],
    sourcePath: '/f',
    sources: ['/f'],
    warnings: [],
    messages: texts.map((content, i) => ({ id: `m${i}`, role: 'assistant', parts: [{ type: 'text', content }] })),
  };
}

const textsOf = (c: Conversation) => c.messages.map((m) => (m.parts[0].type === 'text' ? m.parts[0].content : ''));
const words = (texts: readonly string[]) => new Set(texts.flatMap((t) => t.toLowerCase().split(/[^\p{L}\p{N}]+/u)));

describe('the search bench grows its vocabulary as copies are made', () => {
  const seed = fixtureConversation();
  const fragments = identifierFragments([seed]);

  it('takes its fragments from the fixtures’ own identifiers', () => {
    expect(fragments.length).toBe(256);
    const pieces = new Set(textsOf(seed).flatMap((t) => (t.match(CAMEL) ?? []).flatMap((id) => id.match(/[A-Z][a-z0-9]+/g) ?? [])));
    for (const f of fragments) expect(pieces.has(f)).toBe(true);
  });

  it('leaves the first copy as written, and in every copy everything but camelCase identifiers', () => {
    expect(withGrownVocabulary(seed, 0, fragments)).toBe(seed);
    const before = textsOf(seed);
    const after = textsOf(withGrownVocabulary(seed, 7, fragments));
    expect(after).not.toEqual(before);
    for (const [i, text] of after.entries()) expect(text.replace(CAMEL, '#')).toBe(before[i].replace(CAMEL, '#'));
  });

  it('renames an identifier one way within a copy, by a fragment appended, about a third of them', () => {
    const before = textsOf(seed);
    const after = textsOf(withGrownVocabulary(seed, 3, fragments));
    const names = new Map<string, Set<string>>();
    for (const [i, text] of before.entries()) {
      const was = text.match(CAMEL) ?? [];
      const now = after[i].match(CAMEL) ?? [];
      expect(now.length).toBe(was.length);
      for (const [k, id] of was.entries()) {
        const set = names.get(id) ?? new Set<string>();
        set.add(now[k]);
        names.set(id, set);
      }
    }
    let renamed = 0;
    for (const [id, set] of names) {
      expect(set.size).toBe(1);
      const [name] = set;
      if (name === id) continue;
      renamed += 1;
      expect(name.startsWith(id) && fragments.includes(name.slice(id.length))).toBe(true);
    }
    expect(renamed / names.size).toBeGreaterThan(0.25);
    expect(renamed / names.size).toBeLessThan(0.45);
  });

  it('meets new words with every copy, as an archive does', () => {
    const base = words(textsOf(seed));
    const grown = (rounds: number) => {
      const all = new Set<string>();
      for (let r = 1; r <= rounds; r += 1) for (const w of words(textsOf(withGrownVocabulary(seed, r, fragments)))) if (!base.has(w)) all.add(w);
      return all.size;
    };
    const [five, twenty] = [grown(5), grown(20)];
    expect(five).toBeGreaterThan(0);
    expect(twenty).toBeGreaterThan(2.5 * five);
  });
});
