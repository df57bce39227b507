import { describe, expect, it } from 'vitest';
import { fixtureTexts } from '../../../test/fixture-texts';
import { identifiers, Identifiers } from './identifiers';

/** What `identifiers` means, written as the RegExp it was first written with: the hand scan must say the same. */
function identifiersByRegExp(text: string, budget: number): string[] {
  const seen = new Set<string>();
  let left = budget;
  for (const m of text.matchAll(/[\p{L}\p{N}_][\p{L}\p{N}_./@#:+-]*[\p{L}\p{N}_]/gu)) {
    const token = m[0];
    if (token.length < 6 || seen.has(token) || !/[\d_./@#:+-]|\p{Ll}\p{Lu}/u.test(token)) continue;
    if (token.length + 1 > left) {
      if (left < 8) break;
      continue;
    }
    seen.add(token);
    left -= token.length + 1;
  }
  return [...seen];
}

describe('identifiers', () => {
  it('finds in the real fixtures what the RegExp it stands for finds, at every budget', () => {
    const texts = fixtureTexts();
    expect(texts.length).toBeGreaterThan(200);
    let found = 0;
    for (const text of texts) {
      for (const budget of [8 * 1024, 300, 20]) {
        const ids = identifiers(text, budget);
        expect(ids).toEqual(identifiersByRegExp(text, budget));
        found += ids.length;
      }
    }
    expect(found).toBeGreaterThan(10_000);
  });

  it('treats the edges as the RegExp does: joiners at a run end, inner capitals, non-ASCII letters and numbers, surrogates', () => {
    const cases = [
      'path/to/file.ts. then', '..leading/joiner-- trailing..', 'camelCase PascalCase lowercase UPPERCASE', 'a.b', 'abc.de',
      'snake_case __init__ 123456 v1.2.3 #1234567 user@example.com C++17', 'ǅungla ǈubljana Straße-2 ÉcoleNormale éCOLE',
      'nämlich.Über 重构/模块/路径 日本語テキスト abc²def Ⅻ-roman', '𝐀𝐁𝐂.𝐃𝐄𝐅 😀emoji😀_name 𝒶bcdeF', 'lone\ud800surrogate_x \udc00low_surrogate',
      'e\u0301cole_name combining\u0301mark_x', 'aaaaaa_1 aaaaaa_1 repeated', '', '------', 'x',
    ];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      return seed % n;
    };
    const alphabet = ['a', 'Z', '9', '_', '.', '/', '@', '#', ':', '+', '-', ' ', '\n', 'é', 'É', '\u0301', '重', '𝐀', '😀', '\ud800', '\udc00', '²', 'ǅ', 'ß', ','];
    for (let k = 0; k < 3_000; k += 1) cases.push(Array.from({ length: 1 + random(60) }, () => alphabet[random(alphabet.length)]).join(''));
    for (const text of cases) for (const budget of [1_000, 12]) expect(identifiers(text, budget)).toEqual(identifiersByRegExp(text, budget));
    expect(identifiers(cases.slice(0, 12).join(' '), 1_000)).toContain('ÉcoleNormale');
  });

  it('gives the same for a text fed in pieces cut outside any run', () => {
    const text = 'first_id src/a.ts camelCaseName\nsecond_id ../up/path.md sha256:abcdef0123 first_id';
    const pieces = new Identifiers(1_000);
    for (const piece of text.split(/(?<=\s)/)) pieces.add(piece);
    expect(pieces.list).toEqual(identifiers(text, 1_000));
    expect(pieces.list).toEqual(['first_id', 'src/a.ts', 'camelCaseName', 'second_id', 'up/path.md', 'sha256:abcdef0123']);
  });
});
