/**
 * Search in its one query language, over an archive built from the real fixtures through the
 * CLI: CJK, paths, ids only tool output holds (also past the index's per-part cap), and every
 * filter checked against the unfiltered result it must narrow. Ranking by recency is checked
 * in-process on two dated copies of a real conversation.
 */
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../shared/record';
import type { SearchHit } from '../shared/views';
import { ArchiveReader } from '../main/core/access/archive-reader';
import { openArchiveWriter } from '../main/core/access/open-writer';
import { searchRows } from '../main/core/search/search-rows';
import { dejavu, dejavuJson } from './cli';
import { FIXTURES_DIR } from './fixtures';

const agentDirs = readdirSync(FIXTURES_DIR)
  .map((d) => path.join(FIXTURES_DIR, d))
  .filter((d) => statSync(d).isDirectory());

describe('search over the real fixtures', () => {
  const archive = mkdtempSync(path.join(os.tmpdir(), 'dejavu-search-'));
  const env = { DEJAVU_HOME: archive };
  const search = (...args: string[]) => dejavuJson<SearchHit[]>(['search', '-n', '500', ...args], env);
  const ids = (hits: readonly SearchHit[]) => [...new Set(hits.map((h) => h.conversation.id))];

  beforeAll(() => {
    const r = dejavu(['import', ...agentDirs], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('finds Chinese prompts by a word of three characters or more (index) and of two (LIKE)', () => {
    // Mai0313's Claude Code session opens with a Traditional Chinese prompt.
    const long = search('檢查一下', 'role:user');
    expect(ids(long)).toContain('claude-code_e9f146fa-3b20-48d0-9be4-d99ca901cae4');
    const short = search('卻是');
    expect(ids(short)).toContain('claude-code_e9f146fa-3b20-48d0-9be4-d99ca901cae4');
    expect(short.find((h) => h.conversation.id.startsWith('claude-code_e9f146fa'))?.snippet).toContain('卻是');
    // Jeehunter's Cline session, Simplified Chinese mixed with English.
    expect(ids(search('使用typescript语言'))).toContain('cline_Jeehunter__mcp-vscode-server');
  });

  it('finds a path by any part of it', () => {
    const hits = search('cmd/entire/cli/hooks_claudecode_handlers.go', 'role:user');
    expect(hits.map((h) => [h.conversation.id, h.messageIndex])).toEqual([['claude-code_198393f2-22db-477b-ac77-1825bea883ae', 5]]);
    expect(hits[0].highlights.length).toBeGreaterThan(0);
  });

  it('finds a commit hash that only tool output holds, and only when tool output is asked for', () => {
    const hash = 'ec1f7b22d9e6d3a5605bd1e758e833111b33bb30';
    expect(search(hash)).toEqual([]);
    for (const hits of [search(hash, 'in:tools'), search(hash, '--tools'), search(hash.slice(0, 12), 'in:tools')]) {
      expect(ids(hits)).toEqual(['claude-code_a032db5a-df02-44d7-ab1e-fb024213ecc4']);
      expect(hits.every((h) => h.scope === 'tool_output')).toBe(true);
    }
  });

  it('finds an identifier deep inside a long tool output, past the part kept whole', () => {
    // Printed about 50 KB into a 70 KB file listing; the index keeps the first 32 KB whole.
    expect(search('String::from_utf8_lossy')).toEqual([]);
    const hits = search('String::from_utf8_lossy', 'in:tools');
    expect(ids(hits)).toEqual(['claude-code_6113e919-67d3-417b-b525-c63700228d19']);
    // The snippet is the output around the match (32,862 characters in), not the index's list of identifiers.
    expect(hits[0].snippet).toContain('blob.content().unwrap_or_default();');
    expect(hits[0].snippet).toContain('String::from_utf8_lossy(&blob_content).to_string()');
    const [s, e] = hits[0].highlights[0];
    expect(hits[0].snippet.slice(s, e)).toBe('String::from_utf8_lossy');
  });

  it('narrows by agent:', () => {
    const all = search('go.mod');
    expect(new Set(all.map((h) => h.conversation.agent))).toEqual(new Set(['codex', 'claude-code', 'gemini-cli']));
    const codex = search('go.mod', 'agent:codex');
    expect(codex.length).toBeGreaterThan(0);
    expect(codex.every((h) => h.conversation.agent === 'codex')).toBe(true);
    const claude = search('go.mod agent:claude');
    expect(claude.length).toBeGreaterThan(0);
    expect(claude.every((h) => h.conversation.agent === 'claude-code')).toBe(true);
    expect(codex.length + claude.length).toBeLessThan(all.length);
  });

  it('narrows by workspace:, in any case', () => {
    const all = search('review');
    expect(new Set(all.map((h) => h.conversation.workspace)).size).toBeGreaterThan(3);
    const cli = search('review', 'workspace:CLI');
    expect(cli.length).toBeGreaterThan(0);
    expect(cli.every((h) => h.conversation.workspace === 'cli')).toBe(true);
    expect(search('review', 'workspace:no-such-project')).toEqual([]);
  });

  it('narrows by file: to the conversations whose tool calls touched it, by absolute or relative path', () => {
    // Facts of the fixtures: two subagents of the Claude Code viewer session edit page.tsx at an
    // absolute path; the Codex skills session patches SKILL.md relative to its cwd.
    const page = '/path/to/Demo/todo-app/src/app/page.tsx';
    const editors = ['claude-code_fe5e1c67-53e7-4862-81ae-d0e013e3270b.sidechain-f4ab2bf6-d642-431a-85cb-66691f24c404', 'claude-code_fe5e1c67-53e7-4862-81ae-d0e013e3270b.sidechain-60dade70-20bb-4edb-9dad-9f08267e0cc2'];
    expect(new Set(ids(search(`file:${page}`)))).toEqual(new Set(editors));
    expect(new Set(ids(search('file:src/app/page.tsx')))).toEqual(new Set(editors));
    expect(ids(search('file:skills/what-happened/SKILL.md'))).toContain('codex_019dc0d3-6b22-7052-b168-4487a38e0f4d');
    // Only whole path segments: a relative path matches where a directory begins.
    expect(search('file:pp/page.tsx')).toEqual([]);
    expect(search('file:/no/such/page.tsx')).toEqual([]);
    // Repeated: any of them.
    expect(ids(search('file:src/app/page.tsx', 'file:skills/what-happened/SKILL.md'))).toEqual(expect.arrayContaining([...editors, 'codex_019dc0d3-6b22-7052-b168-4487a38e0f4d']));
  });

  it('combines file: with words and other filters', () => {
    const word = ids(search('useTodos'));
    const both = ids(search('file:src/app/page.tsx useTodos'));
    expect(both).toEqual(['claude-code_fe5e1c67-53e7-4862-81ae-d0e013e3270b.sidechain-f4ab2bf6-d642-431a-85cb-66691f24c404']);
    expect(word).toEqual(expect.arrayContaining(both));
    expect(word.length).toBeGreaterThan(both.length);
    expect(search('file:src/app/page.tsx', 'agent:codex')).toEqual([]);
    expect(ids(search('file:src/app/page.tsx', 'agent:claude'))).toHaveLength(2);
  });

  it('narrows by role:', () => {
    const all = search('go.mod');
    expect(all.some((h) => h.role !== 'user')).toBe(true);
    const user = search('go.mod', 'role:user');
    expect(user.length).toBeGreaterThan(0);
    expect(user.every((h) => h.role === 'user')).toBe(true);
  });

  it('narrows by tool: to the calls of that tool, whose arguments the words must match', () => {
    const all = search('git');
    expect(all.some((h) => h.scope !== 'tool_call')).toBe(true);
    const bash = search('tool:Bash', 'git');
    expect(bash.length).toBeGreaterThan(0);
    for (const h of bash) {
      expect(h.scope).toBe('tool_call');
      expect(h.snippet.toLowerCase()).toMatch(/^(…)?bash /);
    }
    // A filter alone lists that tool's calls, newest first.
    const reads = search('tool:Read');
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((h) => h.snippet.toLowerCase().startsWith('read '))).toBe(true); // names match in any case
  });

  it('narrows by after: and before: on the conversation date', () => {
    const codex = 'codex_01996135-afde-7911-97f0-d863511eca56'; // started 2025-09-19
    const claude = 'claude-code_e9f146fa-3b20-48d0-9be4-d99ca901cae4'; // started 2025-08-28
    expect(ids(search('go.mod'))).toEqual(expect.arrayContaining([codex, claude]));
    const after = ids(search('go.mod', 'after:2025-09-01'));
    expect(after).toContain(codex);
    expect(after).not.toContain(claude);
    const before = ids(search('go.mod', 'before:2025-09-01'));
    expect(before).toContain(claude);
    expect(before).not.toContain(codex);
  });

  it('leaves out messages with an excluded word, and conversations left with none', () => {
    const counts = (hits: readonly SearchHit[]) => new Map(hits.map((h) => [h.conversation.id, h.hitCount]));
    const all = counts(search('go.mod'));
    const withToolchain = counts(search('go.mod', 'toolchain'));
    expect(withToolchain.size).toBeGreaterThan(0);
    // `--` lets an argument start with `-` (so after it, --json would be a word).
    const r = dejavu(['search', '-n', '500', '--json', '--', 'go.mod', '-toolchain'], env);
    const hits = JSON.parse(r.stdout) as SearchHit[];
    for (const h of hits) expect(h.snippet.toLowerCase()).not.toContain('toolchain');
    const expected = [...all].map(([id, n]) => [id, n - (withToolchain.get(id) ?? 0)] as const).filter(([, n]) => n > 0);
    expect(new Map(hits.map((h) => [h.conversation.id, h.hitCount]))).toEqual(new Map(expected));
    expect(expected.some(([id, n]) => n < all.get(id)!)).toBe(true); // the exclusion took some hits away
  });

  it('takes a quoted argument of plain words as a phrase, and one with filters as a whole query', () => {
    expect(search('go.mod toolchain')).toEqual([]); // never written in that order
    expect(search('go.mod', 'toolchain').length).toBeGreaterThan(0);
    expect(search('go.mod agent:codex').length).toBeGreaterThan(0);
  });

  it('returns conversations, each once, with its best hit and how many of its messages matched', () => {
    const hits = search('go.mod');
    expect(hits.length).toBeGreaterThan(3);
    expect(ids(hits)).toHaveLength(hits.length);
    for (const h of hits) {
      const conversation = dejavuJson<Conversation>(['show', h.conversation.id], env);
      const matching = searchRows(conversation).filter((r) => r.scope !== 'tool_output' && r.text.toLowerCase().includes('go.mod'));
      expect(h.hitCount).toBe(matching.length);
      expect(matching.map((r) => r.messageIndex)).toContain(h.messageIndex);
    }
    // -n counts conversations.
    expect(search('go.mod', '-n', '2')).toHaveLength(2);
  });

  it('prints each conversation with how many of its messages matched', () => {
    const hits = search('go.mod');
    expect(hits.some((h) => h.hitCount > 1)).toBe(true);
    const r = dejavu(['search', '-n', '500', 'go.mod'], env);
    expect(r.code).toBe(0);
    for (const h of hits) {
      const line = r.stdout.split('\n').find((l) => l.startsWith(`${h.conversation.id}  `));
      expect(line, h.conversation.id).toMatch(new RegExp(`  ${h.hitCount} ${h.hitCount === 1 ? 'match' : 'matches'}$`));
    }
  });

  it('ranks the conversation a query is about in the top 3', () => {
    // That Cursor transcript is named full.jsonl, so its id is a digest of where the file lies:
    // look it up by its title rather than by where this machine keeps the fixtures.
    const listed = dejavuJson<{ id: string; title?: string }[]>(['list', '--json', '--limit', '1000'], env);
    const cursorReview = listed.find((c) => c.id.startsWith('cursor-cli_') && c.title?.startsWith('review changes in https://github.com/entireio/cli/pull/688'))?.id;
    expect(cursorReview).toBeTruthy();
    const known: [string, string][] = [
      ['stale branches', 'codex_019eef3d-abd1-72e1-ab99-dcdb259027c5'], // "please switch to main and delete stale branches"
      ['release please', 'claude-code_6af70815-f797-419c-b957-abbc09f18bb3'], // "the release please pr not starting ci"
      ['review changes', cursorReview!], // "review changes in https://github.com/entireio/cli/pull/688"
      ['grpc store', 'claude-code_98ce4f1c-b235-4b7d-bc96-d6e13dba30d7'], // "build a simple KV store server using grpc"
      ['go.mod 1.23', 'claude-code_e9f146fa-3b20-48d0-9be4-d99ca901cae4'], // "go版本是 1.23, toolchain 卻是 1.24?"
      ['重构', 'cline_Jeehunter__mcp-vscode-server'],
    ];
    for (const [query, id] of known) {
      const top = dejavuJson<SearchHit[]>(['search', '-n', '3', ...query.split(' ')], env);
      expect(top.map((h) => h.conversation.id), query).toContain(id);
    }
  });

  it('says on stderr what it searched as text instead of a filter', () => {
    const r = dejavu(['search', 'colour:blue'], env);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/"colour:" is not a filter; searched as text/);
  });

  it('documents the language in --help', () => {
    const help = dejavu(['search', '--help'], env).stdout;
    for (const key of ['agent:', 'workspace:', 'file:', 'before:', 'after:', 'role:user', 'tool:Bash', 'in:tools', '"a phrase"', '-word']) expect(help).toContain(key);
  });
});

describe('search ranking', () => {
  it('puts the newer of two equally relevant conversations first', async () => {
    const source = mkdtempSync(path.join(os.tmpdir(), 'dejavu-rank-src-'));
    expect(dejavu(['import', path.join(FIXTURES_DIR, 'claude-code', 'Mai0313__VibeCodingTracker')], { DEJAVU_HOME: source }).code).toBe(0);
    const original = dejavuJson<Conversation>(['show', 'claude-code_e9f146fa'], { DEJAVU_HOME: source });
    // Two dated copies of the same real conversation.
    const copy = (suffix: string, startedAt: string): Conversation => ({ ...original, id: `${original.id}-${suffix}`, startedAt, endedAt: startedAt });
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-rank-'));
    const writer = openArchiveWriter(root);
    // Search follows the writer's commit: no separate indexing step.
    await writer.store(
      [copy('old', '2024-03-01T00:00:00.000Z'), copy('new', '2026-03-01T00:00:00.000Z')].map((c) => ({
        path: `/rank/${c.id}.jsonl`,
        agent: c.agent,
        instance: 'host',
        size: 1,
        mtimeMs: 0,
        readOffset: 1,
        conversations: [c],
      })),
    );
    writer.close();
    const reader = new ArchiveReader(root);
    try {
      const hits = reader.search('"toolchain 卻是"', { now: new Date('2026-03-10T00:00:00.000Z') });
      expect(hits.map((h) => h.conversation.id)).toEqual([`${original.id}-new`, `${original.id}-old`]);
      // Without an indexed term (two CJK characters only), newest first too.
      expect(reader.search('卻是', { now: new Date('2026-03-10T00:00:00.000Z') })[0].conversation.id).toBe(`${original.id}-new`);
    } finally {
      reader.close();
    }
  });
});
