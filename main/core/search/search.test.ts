import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../shared/record';
import { DEEP_IDENTIFIER, pagedConversation, spoilPagesBut } from '../../../test/paged-blob';
import { ArchiveReader } from '../access/archive-reader';
import { openArchiveWriter } from '../access/open-writer';
import { readBlob } from '../archive/blob-store';
import { allowedConversations, CANDIDATES, CHECKED_TEXT, effectiveQuery, searchArchive } from './search';
import { ROWIDS_PER_CONVERSATION } from './row-keys';
import { rowSources, type SearchScope } from './search-rows';
import { excerpt } from './snippet';
import { textFunctions } from './text-functions';
import { planTerm, VocabularyReader } from './search-terms';
import { connectionOf } from '../archive/index-store/handle';
import { searchDbPath } from './search-db';
import Database from 'better-sqlite3';
import { syntheticConversation } from '../../../test/synthetic-conversation';

/** A conversation of `n` user messages, the i-th saying `say(i)`, last active at `at`. */
function conversation(id: string, at: string, n: number, say: (i: number) => string): Conversation {
  return syntheticConversation(id, Array.from({ length: n }, (_, i) => ({ id: `m${i}`, role: 'user' as const, parts: [{ type: 'text' as const, content: say(i) }] })), at);
}

async function archiveOf(conversations: readonly Conversation[]): Promise<ArchiveReader> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-search-engine-'));
  const writer = openArchiveWriter(root);
  await writer.store(conversations.map((c) => ({ path: c.sourcePath, agent: c.agent, instance: 'host', size: 1, mtimeMs: 0, readOffset: 1, conversations: [c] })));
  writer.close();
  return new ArchiveReader(root);
}

describe('search engine', () => {
  it('counts every hit of a conversation the newest-first walk stopped inside', async () => {
    const big = conversation('big', '2025-01-01T00:00:00.000Z', CANDIDATES + 500, (i) => `needle number ${i}`);
    const recent = conversation('recent', '2026-01-01T00:00:00.000Z', 30, (i) => (i % 3 === 0 ? `a needle here ${i}` : `nothing ${i}`));
    const reader = await archiveOf([big, recent]);
    try {
      const hits = reader.search('needle', { now: new Date('2026-01-02T00:00:00.000Z') });
      expect(hits.map((h) => [h.conversation.id, h.hitCount])).toEqual([
        ['codex_recent', 10],
        ['codex_big', CANDIDATES + 500],
      ]);
    } finally {
      reader.close();
    }
  });

  it('finds an older phrase behind more newer candidate text than a checked walk reads before it has its conversations', async () => {
    // Newer rows hold the phrase's words (django…, module…) but not the phrase: each is read and
    // rejected, more than CHECKED_TEXT of them, before the one conversation that says go.mod.
    const noise = 'django module '.repeat(8_000);
    const newer = Array.from({ length: Math.ceil(CHECKED_TEXT / noise.length) + 5 }, (_, i) => conversation(`noise${i}`, '2026-01-01T00:00:00.000Z', 1, () => noise));
    const old = conversation('old', '2025-01-01T00:00:00.000Z', 2, (i) => (i === 1 ? 'bump the toolchain in go.mod' : 'hello'));
    const reader = await archiveOf([...newer, old]);
    try {
      expect(reader.search('go.mod').map((h) => [h.conversation.id, h.messageIndex, h.hitCount])).toEqual([['codex_old', 1, 1]]);
    } finally {
      reader.close();
    }
  });

  it('finds words FTS5 folds or cuts otherwise than JavaScript: µ, a final ς, combining strokes, any case', async () => {
    // The vocabulary and a query's words must be cut and folded alike (word-tokens.ts): FTS5 folds
    // µ to μ and ς to σ and ends a word at some combining marks, where JavaScript does not.
    const texts = ['took 350µs here', 'ο λόγος είναι', 'strike s̶t̶r̶i̶k̶e̶ out', 'ΑΘΗΝΑΣ πόλη'];
    const reader = await archiveOf(texts.map((t, i) => conversation(`t${i}`, '2026-01-01T00:00:00.000Z', 1, () => t)));
    try {
      const found = (q: string) => reader.search(q).map((h) => h.conversation.id);
      for (const q of ['350µs', 'took 350µs']) expect(found(q), q).toEqual(['codex_t0']);
      for (const q of ['λόγος', 'ΛΌΓΟΣ']) expect(found(q), q).toEqual(['codex_t1']);
      expect(found('s̶t̶r̶i̶k̶e̶')).toEqual(['codex_t2']);
      for (const q of ['αθηνας', 'ΑΘΗΝΑΣ']) expect(found(q), q).toEqual(['codex_t3']);
    } finally {
      reader.close();
    }
  });

  it("leaves out a conversation being removed (its rows still indexed, its mark gone) and still finds the older ones past its rows", async () => {
    // The ranked walk without a filter groups rows by row key and looks each conversation up once;
    // a key with no conversation must neither show nor use up the walk's CANDIDATES.
    const removed = conversation('removed', '2026-01-01T00:00:00.000Z', CANDIDATES + 10, (i) => `needle number ${i}`);
    const older = conversation('older', '2025-01-01T00:00:00.000Z', 3, (i) => `a needle here ${i}`);
    const reader = await archiveOf([removed, older]);
    const search = new Database(searchDbPath(reader.root));
    search.prepare('DELETE FROM indexed WHERE conversation_id = ?').run('codex_removed');
    search.close();
    try {
      expect(reader.search('needle').map((h) => [h.conversation.id, h.messageIndex, h.hitCount])).toEqual([['codex_older', 0, 3]]);
    } finally {
      reader.close();
    }
  });

  it('ranks as many older candidates past a conversation being removed as if it were gone: its text read does not count', async () => {
    // The bare walk reads the removed conversation's long rows (more than CHECKED_TEXT) before it
    // finds its key has no conversation; the joined walk that follows must not stop at `limit` then.
    const long = `pull request ${'x'.repeat(50_000)}`;
    const removed = conversation('removed', '2026-01-01T00:00:00.000Z', Math.ceil(CHECKED_TEXT / long.length) + 10, () => long);
    // The oldest says it most often in the shortest message: the best match, found only when every old one is ranked.
    const older = Array.from({ length: 6 }, (_, k) =>
      conversation(`old${k}`, `2025-0${k + 1}-01T00:00:00.000Z`, 1, () => (k === 0 ? 'pull request pull request pull request' : `the pull request ${'words '.repeat(40)}`)),
    );
    const reader = await archiveOf([removed, ...older]);
    const search = new Database(searchDbPath(reader.root));
    search.prepare('DELETE FROM indexed WHERE conversation_id = ?').run('codex_removed');
    search.close();
    try {
      expect(reader.search('"pull request"', { limit: 2, now: new Date('2025-07-01T00:00:00.000Z') }).map((h) => h.conversation.id)[0]).toBe('codex_old0');
    } finally {
      reader.close();
    }
  });

  it("finds a term across a separator without reading a long row that says its words apart (go … model for go.mod)", async () => {
    const apart = `let us go ${'filler '.repeat(20_000)}and train the model`;
    const at = '2025-06-01T00:00:00.000Z';
    // Enough words ending in go and starting with mod that a phrase per pair is too many (search-terms.ts).
    const forms = `${Array.from({ length: 10 }, (_, i) => `x${i}go`).join(' ')} then ${Array.from({ length: 10 }, (_, i) => `mod${i}`).join(' ')}`;
    const reader = await archiveOf([
      conversation('apart', '2026-01-01T00:00:00.000Z', 1, () => apart),
      conversation('forms', at, 1, () => forms),
      conversation('spaced', at, 1, () => 'run go mod tidy first'),
      conversation('other-form', at, 1, () => 'from django.models import Model'),
      conversation('exact', at, 1, () => 'bump the toolchain in go.mod'),
    ]);
    try {
      const meter = textFunctions(connectionOf(reader.db));
      const hits = reader.search('go.mod');
      expect(hits.map((h) => h.conversation.id).sort()).toEqual(['codex_exact', 'codex_other-form']);
      // The short rows (the spaced one and the forms are read and rejected); not the long one.
      expect(meter.read).toBe([forms, 'run go mod tidy first', 'from django.models import Model', 'bump the toolchain in go.mod'].join('').length);
    } finally {
      reader.close();
    }
  });

  it("leaves out an excluded word's rows by its own word first, then its other forms: every form still excluded", async () => {
    const at = '2025-06-01T00:00:00.000Z';
    const reader = await archiveOf([
      conversation('own', at, 1, () => 'commit the change'),
      conversation('form', at, 1, () => 'commit other one'),
      conversation('inside', at, 1, () => 'commit, rather not'),
      conversation('neither', at, 1, () => 'commit it now'),
      conversation('alone', at, 1, () => 'theme'),
    ]);
    try {
      expect(reader.search('commit -the').map((h) => h.conversation.id)).toEqual(['codex_neither']);
      const vocabulary = new VocabularyReader(connectionOf(reader.db));
      // `the` alone first (most of its rows), then the forms that contain it; a term that is no word of its own: its forms.
      expect(planTerm(vocabulary, 'the').exclusion).toBe(' NOT "the" NOT ("other" OR "rather" OR "theme")');
      expect(planTerm(vocabulary, 'athe').exclusion).toBe(' NOT "rather"');
    } finally {
      reader.close();
    }
  });

  it('ranks a word too common to count in each message by message length: the short message about it first, each conversation at its shortest match (the first of equals)', async () => {
    const filler = Array.from({ length: 200 }, (_, i) => `filler${i}`).join(' ');
    const common = conversation('common', '2024-01-01T00:00:00.000Z', CANDIDATES + 100, (i) => `needle number ${i} ${filler}`);
    const wordy = conversation('wordy', '2025-06-01T00:00:00.000Z', 2, (i) => `needle ${i} ${filler}`);
    const terse = conversation('terse', '2025-06-01T00:00:00.000Z', 3, (i) => (i === 1 ? 'the needle' : `needle ${i} ${filler}`));
    const reader = await archiveOf([common, wordy, terse]);
    try {
      const hits = reader.search('needle', { now: new Date('2025-06-02T00:00:00.000Z') });
      expect(hits.map((h) => [h.conversation.id, h.messageIndex, h.hitCount])).toEqual([
        ['codex_terse', 1, 3],
        ['codex_wordy', 0, 2], // equal lengths: the first
        ['codex_common', 0, CANDIDATES + 100], // the shortest ("needle number 0"), found by the recount past the walk's end
      ]);
    } finally {
      reader.close();
    }
  });

  it('ranks a rare term by how often a message says it, then by how long the message is, in any case', async () => {
    const filler = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    const at = '2025-06-01T00:00:00.000Z';
    const reader = await archiveOf([
      conversation('once', at, 1, () => `the flaky Migration failed ${filler}`),
      conversation('thrice', at, 1, () => `migration again: the migration failed, rerun the MIGRATION ${filler}`),
      conversation('short', at, 1, () => 'migration failed'),
    ]);
    try {
      const ids = (query: string) => reader.search(query, { now: new Date('2025-06-02T00:00:00.000Z') }).map((h) => h.conversation.id);
      expect(ids('migration')).toEqual(['codex_short', 'codex_thrice', 'codex_once']);
      expect(ids('"migration failed"')).toEqual(['codex_short', 'codex_once', 'codex_thrice']); // each says it once: the shorter first
    } finally {
      reader.close();
    }
  });

  it('narrows tool: to calls whose name is exactly that tool, in any case, for names of one, two and more characters', async () => {
    const calls: [string, string][] = [
      ['LS', '{"path":"/tmp/ls-here"}'],
      ['LSP', '{"path":"/tmp/lsp-here"}'],
      ['Bash', '{"command":"ls /tmp"}'],
      ['BashOutput', '{"id":"ls-1"}'],
      ['X', '{"ls":true}'],
      ['Read', '{"note":"LS Bash X here"}'],
    ];
    const c = conversation('tools', '2025-06-01T00:00:00.000Z', 0, () => '');
    const reader = await archiveOf([
      {
        ...c,
        messages: calls.map(([name, args], i) => ({ id: `m${i}`, role: 'assistant' as const, parts: [{ type: 'tool_call' as const, id: `t${i}`, name, arguments: args }] })),
      },
    ]);
    try {
      const names = (query: string) => reader.search(query).map((h) => [h.messageIndex, h.hitCount]);
      expect(names('tool:LS')).toEqual([[0, 1]]);
      expect(names('tool:ls ls')).toEqual([[0, 1]]);
      expect(names('tool:bash')).toEqual([[2, 1]]);
      expect(names('tool:X')).toEqual([[4, 1]]);
      expect(names('tool:Bash tool:LSP')).toEqual([[1, 2]]); // any of them: the first match
    } finally {
      reader.close();
    }
  });

  it('leaves out rows holding an excluded word or phrase in any case, through the index or (short) the text', async () => {
    const says = ['deploy to staging', 'deploy to prod', 'Deploy STAGING now', 'deploy it', 'deploy to ci'];
    const reader = await archiveOf([conversation('d', '2025-06-01T00:00:00.000Z', says.length, (i) => says[i])]);
    try {
      const count = (query: string) => reader.search(query)[0]?.hitCount ?? 0;
      expect(count('deploy')).toBe(5);
      expect(count('deploy -staging')).toBe(3);
      expect(count('deploy -"to s"')).toBe(4);
      expect(count('deploy -ci')).toBe(4); // two characters: checked on the text
      expect(count('deploy -staging -prod -ci')).toBe(1);
    } finally {
      reader.close();
    }
  });

  it('lists conversations newest first by when they were last active, not by when they were archived, and stops at the limit', async () => {
    const dates = ['2025-03-01', '2026-02-01', '2024-07-01', '2025-11-01'];
    const reader = await archiveOf(dates.map((d, i) => conversation(`c${i}`, `${d}T00:00:00.000Z`, 3, (j) => `hello ${j}`)));
    try {
      const hits = reader.search('role:user', { limit: 3 });
      expect(hits.map((h) => h.conversation.startedAt)).toEqual(['2026-02-01T00:00:00.000Z', '2025-11-01T00:00:00.000Z', '2025-03-01T00:00:00.000Z']);
      // Without a rankable term, each opens at its first match.
      expect(hits.map((h) => [h.messageIndex, h.hitCount])).toEqual([
        [0, 3],
        [0, 3],
        [0, 3],
      ]);
    } finally {
      reader.close();
    }
  });

  it('lists by conversation filters alone newest first, each at its first message, past newer conversations the filters leave out', async () => {
    const dates = ['2025-03-01', '2026-02-01', '2024-07-01', '2025-11-01', '2026-01-01'];
    const reader = await archiveOf(dates.map((d, i) => conversation(`c${i}`, `${d}T00:00:00.000Z`, 2, (j) => `hello ${j}`)));
    try {
      const hits = reader.search('before:2025-12-01', { limit: 2, timeZone: 'UTC' });
      expect(hits.map((h) => [h.conversation.startedAt, h.messageIndex, h.hitCount])).toEqual([
        ['2025-11-01T00:00:00.000Z', 0, 2],
        ['2025-03-01T00:00:00.000Z', 0, 2],
      ]);
      expect(reader.search('after:2025-01 before:2025-12', { timeZone: 'UTC' }).map((h) => h.conversation.id)).toEqual(['codex_c3', 'codex_c0']);
      expect(reader.search('agent:claude')).toEqual([]);
    } finally {
      reader.close();
    }
  });

  it('lists conversations by a filter and after: from the date down: the listing seeks the row key, not every older conversation', async () => {
    const dates = ['2025-03-01', '2026-02-01', '2024-07-01', '2025-11-01', '2026-01-01'];
    const reader = await archiveOf(dates.map((d, i) => conversation(`c${i}`, `${d}T00:00:00.000Z`, 2, (j) => `hello ${j}`)));
    try {
      const query = 'agent:codex after:2025-12';
      expect(reader.search(query, { timeZone: 'UTC' }).map((h) => [h.conversation.id, h.messageIndex, h.hitCount])).toEqual([
        ['codex_c1', 0, 2],
        ['codex_c4', 0, 2],
      ]);
      const only = allowedConversations(effectiveQuery(query, { timeZone: 'UTC' }));
      const plan = connectionOf(reader.db).prepare(`EXPLAIN QUERY PLAN ${only.sql}`).all(...only.params) as { detail: string }[];
      expect(plan.map((p) => p.detail)).toContainEqual(expect.stringMatching(/^SEARCH i USING COVERING INDEX \S+ \(row_key>\?\)$/));
    } finally {
      reader.close();
    }
  });

  it('finds a two-character CJK word through the bigram index alone: no row of its text is read, however long', async () => {
    const long = `请帮我重构这个函数。${'这是很长的说明。'.repeat(4_000)}`;
    const reader = await archiveOf([
      conversation('long', '2025-05-01T00:00:00.000Z', 2, (i) => (i === 1 ? long : 'hello')),
      conversation('short', '2025-06-01T00:00:00.000Z', 1, () => '重构一下'),
      conversation('apart', '2025-07-01T00:00:00.000Z', 1, () => '重新构建'),
    ]);
    try {
      const meter = textFunctions(connectionOf(reader.db));
      meter.read = 0;
      expect(reader.search('重构').map((h) => [h.conversation.id, h.messageIndex, h.hitCount])).toEqual([
        ['codex_short', 0, 1],
        ['codex_long', 1, 1],
      ]);
      expect(meter.read).toBe(0);
      // Three characters or more: the bigrams narrow, the text decides (重新构建 holds 新构 and 构建, not 重构建).
      expect(reader.search('重构建').map((h) => h.conversation.id)).toEqual([]);
      expect(meter.read).toBe(0);
      expect(reader.search('构建').map((h) => h.conversation.id)).toEqual(['codex_apart']);
      expect(reader.search('重新构').map((h) => h.conversation.id)).toEqual(['codex_apart']);
      expect(meter.read).toBe('重新构建'.length);
    } finally {
      reader.close();
    }
  });

  it('finds two-character CJK words through the bigram index, only where they are written together', async () => {
    const reader = await archiveOf([
      conversation('zh1', '2025-05-01T00:00:00.000Z', 2, (i) => (i === 1 ? '请帮我重构这个函数' : 'hello')),
      conversation('zh2', '2025-06-01T00:00:00.000Z', 1, () => '重新构建'),
    ]);
    try {
      expect(reader.search('重构').map((h) => [h.conversation.id, h.messageIndex, h.snippet])).toEqual([['codex_zh1', 1, '请帮我重构这个函数']]);
      expect(reader.search('构建').map((h) => h.conversation.id)).toEqual(['codex_zh2']);
    } finally {
      reader.close();
    }
  });

  it('quotes a match deep in a long output of a multi-page conversation as the whole record would, reading only its page', async () => {
    const long = await pagedConversation(3);
    const reader = await archiveOf([long]);
    try {
      const [hit] = reader.search(`${DEEP_IDENTIFIER} in:tools`);
      expect(hit.messageIndex).toBe(long.messages.findIndex((m) => JSON.stringify(m).includes(DEEP_IDENTIFIER)));
      // The quote the whole record gives: the output around the match, not the index's list of identifiers.
      const output = rowSources(reader.get(long.id).messages[hit.messageIndex].parts, hit.scope as SearchScope).find((t) => t.includes(DEEP_IDENTIFIER)) ?? '';
      const quote = excerpt(output, [DEEP_IDENTIFIER]);
      expect(quote.snippet).toContain('String::from_utf8_lossy(&blob_content).to_string()');
      expect({ snippet: hit.snippet, highlights: hit.highlights }).toEqual(quote);

      // Every other page spoilt on disk: the whole record no longer reads, the snippet still does.
      const blobPath = reader.row(long.id).blob_path;
      const blob = path.join(reader.root, blobPath);
      const { bytes, spoiled } = spoilPagesBut(readFileSync(blob), hit.messageIndex);
      expect(spoiled).toBeGreaterThanOrEqual(4);
      writeFileSync(blob, bytes);
      expect(() => readBlob(reader.root, blobPath)).toThrow(/illegal tag: field number 0/);
      const [again] = reader.search(`${DEEP_IDENTIFIER} in:tools`);
      expect({ snippet: again.snippet, highlights: again.highlights }).toEqual(quote);
    } finally {
      reader.close();
    }
  });

  it('reads one commit all through a search: a sync deleting a later hit\'s rows meanwhile changes nothing it returns', async () => {
    // Two copies of a conversation whose match lies deep in a long output: the newer one's snippet
    // reads its record (wholeTexts), and while it does, another connection deletes the older one's rows.
    const long = await pagedConversation(1);
    const newer = { ...long, id: `${long.id}-newer`, endedAt: '2026-02-01T00:00:00.000Z' };
    const older = { ...long, id: `${long.id}-older`, sourcePath: `${long.sourcePath}.older`, endedAt: '2026-01-01T00:00:00.000Z' };
    const reader = await archiveOf([newer, older]);
    const writer = new Database(searchDbPath(reader.root));
    writer.pragma('busy_timeout = 5000');
    try {
      const { hits } = searchArchive(reader.db, `${DEEP_IDENTIFIER} in:tools`, {}, () => {
        writer.prepare('DELETE FROM message_text WHERE rowid >= (SELECT row_key FROM indexed WHERE conversation_id = ?) * ? AND rowid < ((SELECT row_key FROM indexed WHERE conversation_id = ?) + 1) * ?').run(older.id, ROWIDS_PER_CONVERSATION, older.id, ROWIDS_PER_CONVERSATION);
        return [];
      });
      expect(hits.map((h) => h.conversation.id)).toEqual([newer.id, older.id]);
      expect(hits[1].snippet).toContain(DEEP_IDENTIFIER);
    } finally {
      writer.close();
      reader.close();
    }
  });
});
