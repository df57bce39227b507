import { describe, expect, it, vi } from 'vitest';
import { hasCriteria, parseDate, parseQuery, resolveAgent } from './query';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const parse = (q: string) => parseQuery(q, NOW, 'UTC');

describe('search query language', () => {
  it('reads words and "phrases" as terms, in order, quotes removed', () => {
    expect(parse('blob-store  "connection refused" 重构').terms).toEqual(['blob-store', 'connection refused', '重构']);
    expect(parse('"unterminated phrase').terms).toEqual(['unterminated phrase']);
    expect(parse('   ').terms).toEqual([]);
    expect(hasCriteria(parse('  '))).toBe(false);
  });

  it('asks for the process\'s time zone only when a date is in the query (every search parses its query)', () => {
    const zones = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(parseQuery('fix the test agent:codex -tmp', NOW).terms).toEqual(['fix', 'the', 'test']);
      expect(zones).not.toHaveBeenCalled();
      expect(parseQuery('after:2026-03-01', NOW).after).toBeDefined();
      expect(zones).toHaveBeenCalled();
    } finally {
      zones.mockRestore();
    }
  });

  it('reads -word and -"phrase" as exclusions, but --flag as a word', () => {
    const q = parse('deploy -staging -"dry run" --force -');
    expect(q.terms).toEqual(['deploy', '--force']);
    expect(q.excluded).toEqual(['staging', 'dry run']);
    expect(hasCriteria(parse('-only'))).toBe(false);
  });

  it('reads a dash before punctuation alone as text (an arrow, an operator), and -"…" as an exclusion still', () => {
    const q = parse('-> -= -| -x1 -"=>" -é');
    expect(q.terms).toEqual(['->', '-=', '-|']);
    expect(q.excluded).toEqual(['x1', '=>', 'é']);
    expect(parse('-agent:codex').warnings).toEqual(['filters cannot be negated; "-agent:codex" ignored']);
  });

  it('reads every filter, keys in any case, values quoted or bare', () => {
    const q = parse('agent:codex Workspace:"my project" file:"src/my app.ts" role:user tool:Bash after:2026-01 before:2026-02-15 fix');
    expect(q).toMatchObject({
      terms: ['fix'],
      agents: ['codex'],
      workspaces: ['my project'],
      files: ['src/my app.ts'],
      roles: ['user'],
      tools: ['Bash'],
      after: '2026-01-01T00:00:00.000Z',
      before: '2026-02-15T00:00:00.000Z',
      warnings: [],
    });
    expect(q.includeToolOutput).toBeUndefined();
  });

  it('repeats a filter as any-of, and resolves agent names and prefixes', () => {
    expect(parse('agent:codex agent:claude').agents).toEqual(['codex', 'claude-code']);
    expect(resolveAgent('gemini')).toEqual(['gemini-cli']);
    expect(resolveAgent('Claude Code')).toEqual(['claude-code']);
    expect(resolveAgent('aider')).toEqual(['aider']);
  });

  it('asks for tool output with in:tools or role:tool, not otherwise', () => {
    expect(parse('x in:tools').includeToolOutput).toBe(true);
    expect(parse('x role:tool').includeToolOutput).toBe(true);
    expect(parse('x role:assistant').includeToolOutput).toBeUndefined();
  });

  it('reads calendar dates in the given time zone: a day begins at local midnight', () => {
    // 2026-03-10T12:00Z is 05:00 on March 10 in Los Angeles (PDT since March 8, UTC-7).
    expect(parseDate('today', NOW, 'America/Los_Angeles')).toBe('2026-03-10T07:00:00.000Z');
    expect(parseDate('yesterday', NOW, 'America/Los_Angeles')).toBe('2026-03-09T07:00:00.000Z');
    // Before the DST change the offset is UTC-8.
    expect(parseDate('2026-03-01', NOW, 'America/Los_Angeles')).toBe('2026-03-01T08:00:00.000Z');
    expect(parseDate('2026-03-01', NOW, 'Asia/Tokyo')).toBe('2026-02-28T15:00:00.000Z');
    // 03:00Z on March 10 is still March 9 in Los Angeles.
    expect(parseDate('today', new Date('2026-03-10T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-03-09T07:00:00.000Z');
  });

  it('turns relative and partial dates into ISO instants', () => {
    expect(parseDate('today', NOW, 'UTC')).toBe('2026-03-10T00:00:00.000Z');
    expect(parseDate('yesterday', NOW, 'UTC')).toBe('2026-03-09T00:00:00.000Z');
    expect(parseDate('7d', NOW)).toBe('2026-03-03T12:00:00.000Z');
    expect(parseDate('12h', NOW)).toBe('2026-03-10T00:00:00.000Z');
    expect(parseDate('2w', NOW)).toBe('2026-02-24T12:00:00.000Z');
    expect(parseDate('2025', NOW, 'UTC')).toBe('2025-01-01T00:00:00.000Z');
    expect(parseDate('2025-13', NOW)).toBeUndefined();
    expect(parseDate('2026-02-01T10:00:00Z', NOW)).toBe('2026-02-01T10:00:00.000Z');
    expect(parseDate('soon', NOW)).toBeUndefined();
  });

  it('searches an unknown key: as text and says so; URLs and drive letters pass quietly', () => {
    const q = parse('foo:bar https://example.com/x C:\\Users');
    expect(q.terms).toEqual(['foo:bar', 'https://example.com/x', 'C:\\Users']);
    expect(q.warnings).toHaveLength(1);
    expect(q.warnings[0]).toMatch(/"foo:" is not a filter; searched as text/);
  });

  it('warns about filter values it cannot use, and what it did instead', () => {
    const q = parse('role:robot after:someday in:space agent:nobody -agent:codex tool:');
    expect(q.roles).toEqual([]);
    expect(q.after).toBeUndefined();
    expect(q.includeToolOutput).toBeUndefined();
    // An unknown agent still filters: to nothing, as asked.
    expect(q.agents).toEqual(['nobody']);
    expect(q.warnings.map((w) => w.split(' ')[0])).toEqual(['unknown', '"after:someday"', '"in:space"', 'unknown', 'filters', '"tool:"']);
  });

  it('has criteria with only a filter', () => {
    expect(hasCriteria(parse('tool:Bash'))).toBe(true);
    expect(hasCriteria(parse('after:7d'))).toBe(true);
    expect(hasCriteria(parse('file:src/a.ts'))).toBe(true);
  });
});
