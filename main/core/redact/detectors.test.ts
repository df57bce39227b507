/**
 * One case per detector kind, on real lines of several agents' session files: a realistic fake
 * secret is spliced into a real record (a typed prompt, a tool call's arguments, an answer), and
 * the record must come back with exactly the secret masked, still valid JSON.
 */
import { describe, expect, it } from 'vitest';
import { CASES, LINES, realLine } from '../../../test/secret-cases';
import { redactText } from './redact-text';

/** `text` as it sits inside a JSON string `times` levels deep. */
function escaped(text: string, times: number): string {
  let s = text;
  for (let i = 0; i < times; i++) s = JSON.stringify(s).slice(1, -1);
  return s;
}

describe('each detector on real session lines', () => {
  it.each(CASES.map((c) => [c.kind, c.where, c] as const))('%s in a %s', (_kind, where, c) => {
    const { anchor, escapes } = LINES[where];
    const line = realLine(where);
    expect(line).toContain(anchor);
    const spliced = line.replace(anchor, `${anchor} ${escaped(c.text, escapes)}`);
    const expected = line.replace(anchor, `${anchor} ${escaped(c.becomes.replace(/\[([a-z-]+)\]/g, '[redacted: $1]'), escapes)}`);
    expect(redactText(spliced).text).toBe(expected);
    // The record is still the JSON it was (a line of a pretty-printed file is not JSON on its own).
    if (line.trimStart().startsWith('{')) expect(() => JSON.parse(redactText(spliced).text)).not.toThrow();
  });

  it('masks the secret typed as the whole text, not only inside a record', () => {
    for (const c of CASES) expect(redactText(c.text).text, c.kind).toBe(c.becomes.replace(/\[([a-z-]+)\]/g, '[redacted: $1]'));
  });

  it('leaves placeholders and variable references alone', () => {
    const ordinary = [
      'API_KEY=your_api_key_here',
      'export CLOUDFLARE_API_TOKEN="${env.CLOUDFLARE_API_TOKEN}"',
      'DATABASE_URL=postgres://user:password@localhost:5432/app',
      'SECRET_KEY=changeme123',
      'const TOKEN_KEY = "auth_token"',
      'see https://example.com/a:b@c for details',
    ];
    for (const text of ordinary) expect(redactText(text).text, text).toBe(text);
  });
});
