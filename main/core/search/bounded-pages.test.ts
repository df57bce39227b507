/**
 * Bounded search pages on an archive of the real Claude Code and Codex fixtures: a page stops once
 * it has read its budget of text, at the end of a conversation, and says where; the pages asked
 * one after another from its cursor are the exhaustive answer, neither a hit more nor less.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../test/fixtures';
import type { SearchHit, SearchPage } from '../../../shared/views';
import { ArchiveReader } from '../access/archive-reader';
import { importPaths } from '../capture/import';
import type { SearchOptions } from './search';

let root: string;
let reader: ArchiveReader;
const NOW = new Date('2026-11-23T00:00:00.000Z');
/** Enough that no walk stops for `limit`: the pages must hold every matching conversation. */
const ALL = 100_000;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-bounded-pages-'));
  await importPaths({ root, paths: [path.join(FIXTURES_DIR, 'claude-code'), path.join(FIXTURES_DIR, 'codex')] });
  reader = new ArchiveReader(root);
}, 60_000);
afterAll(() => {
  reader?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Every page of a search with `budget`, each asked from the previous one's cursor, until one has no `more`. */
function allPages(query: string, budget: number, options: SearchOptions = {}): SearchPage[] {
  const pages: SearchPage[] = [];
  let cursor: number | undefined;
  do {
    const page = reader.searchPage(query, { limit: ALL, now: NOW, ...options, budget, cursor });
    pages.push(page);
    cursor = page.more?.cursor;
    if (pages.length > 500) throw new Error('the pages never end');
  } while (cursor !== undefined);
  return pages;
}

const facts = (hits: readonly SearchHit[]) => hits.map((h) => [h.conversation.id, h.messageIndex, h.hitCount, h.role, h.scope, h.snippet]);

describe('bounded search pages', () => {
  // A two-character term, a one-character one in tool output too, a term with no word (quoted: a
  // bare `->` is "leave out `>`"), and conversations first (a filter lists them, then each is read).
  for (const query of ['ok', 'x in:tools', '"=>"', 'ok agent:codex']) {
    it(`union to the exhaustive answer for a query the index cannot narrow: ${query}`, () => {
      const whole = reader.searchPage(query, { limit: ALL, now: NOW });
      expect(whole.more).toBeUndefined();
      expect(whole.hits.length).toBeGreaterThanOrEqual(5);
      const pages = allPages(query, 20_000);
      expect(pages.length).toBeGreaterThanOrEqual(3);
      // Every page but the last says how far back it searched, each further back than the one before.
      const backTo = pages.slice(0, -1).map((p) => p.more?.searchedBackTo ?? 'none');
      for (const at of backTo) expect(at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect([...backTo].sort().reverse()).toEqual(backTo);
      expect(pages[pages.length - 1].more).toBeUndefined();
      expect(facts(pages.flatMap((p) => p.hits))).toEqual(facts(whole.hits));
      // A page ends at a conversation's end: no conversation is split between two pages.
      const ids = pages.flatMap((p) => p.hits.map((h) => h.conversation.id));
      expect(new Set(ids).size).toBe(ids.length);
    });
  }

  it('stops a page before the first conversation past its budget: the page read only its first conversation', () => {
    const first = reader.searchPage('ok', { limit: ALL, now: NOW, budget: 1 });
    const whole = reader.searchPage('ok', { limit: ALL, now: NOW });
    // A page reads at least one conversation (so the next starts further back), and only that one here.
    expect(first.more).toBeDefined();
    expect(first.hits.length).toBeLessThanOrEqual(1);
    const next = reader.searchPage('ok', { limit: ALL, now: NOW, budget: 1, cursor: first.more?.cursor });
    expect(facts([...first.hits, ...next.hits])).toEqual(facts(whole.hits.slice(0, first.hits.length + next.hits.length)));
  });

  it('answers a ranked query whose budget is not reached as before, with no more', () => {
    for (const query of ['"in parallel"', 'marketplace', 'src/app']) {
      const whole = reader.searchPage(query, { limit: ALL, now: NOW });
      expect(whole.hits.length, query).toBeGreaterThan(0);
      const bounded = reader.searchPage(query, { limit: ALL, now: NOW, budget: 1_000_000_000 });
      expect(bounded.more, query).toBeUndefined();
      expect(facts(bounded.hits), query).toEqual(facts(whole.hits));
    }
  });

  it('pages a ranked query that checks text back to its end: each page ranks what it read, together every conversation with its count', () => {
    const query = '"in parallel" in:tools';
    const whole = reader.searchPage(query, { limit: ALL, now: NOW });
    const pages = allPages(query, 5_000);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const counts = (hits: readonly SearchHit[]) => new Map(hits.map((h) => [h.conversation.id, h.hitCount]));
    expect(counts(pages.flatMap((p) => p.hits))).toEqual(counts(whole.hits));
  });
});
