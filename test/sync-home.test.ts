/**
 * The promise of the product: sync a home, delete it, and every conversation is still listed,
 * shown, searchable and exportable from the archive alone.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Conversation } from '../shared/record';
import { ArchiveReader } from '../main/core/access/archive-reader';
import { conversationToMarkdown } from '../main/core/use-cases/export';
import { outgoingRead } from '../main/core/use-cases/show';
import { dejavu, dejavuJson } from './cli';
import { buildFakeHome, type FakeHome } from './home';

interface Listed {
  id: string;
  agent: string;
  instance: string;
  sourcePath: string;
  sourceDeleted?: boolean;
  parentId?: string;
  title?: string;
}

describe('sync a home, delete it, keep everything', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-home-'));
  const archive = path.join(work, 'archive');
  let home: FakeHome;
  const env = () => ({ DEJAVU_HOME: archive, HOME: home.dir });
  let before: Listed[] = [];

  beforeAll(() => {
    home = buildFakeHome(path.join(work, 'home'));
    const first = dejavu(['sync'], env());
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    before = dejavuJson<Listed[]>(['list'], env());
  });

  it('finds every session file in the home and in the jackin container home', () => {
    for (const f of home.files) {
      const main = before.filter((c) => c.sourcePath === f.path && !c.parentId);
      expect(main, f.path).toHaveLength(1);
      expect(main[0].instance).toBe(f.instance);
    }
  });

  it('reads nothing again when nothing changed, and duplicates nothing', () => {
    const again = dejavuJson<{ read: number; unchanged: number; created: string[] }>(['sync'], env());
    expect(again.read).toBe(0);
    expect(again.unchanged).toBe(home.files.length);
    expect(again.created).toEqual([]);
    expect(dejavuJson<Listed[]>(['list'], env())).toHaveLength(before.length);
  });

  it('keeps every conversation after the home is deleted, marked source-deleted', () => {
    rmSync(home.dir, { recursive: true, force: true });
    const after = dejavuJson<{ sourceDeleted: string[] }>(['sync'], env());
    expect(after.sourceDeleted.length).toBe(before.length);
    const listed = dejavuJson<Listed[]>(['list'], env());
    expect(listed.map((c) => c.id).sort()).toEqual(before.map((c) => c.id).sort());
    expect(listed.every((c) => c.sourceDeleted)).toBe(true);
    expect(dejavu(['list'], env()).stdout).toContain('[source deleted]');
  });

  it('shows, searches and exports every conversation from the archive alone', () => {
    expect(existsSync(home.dir)).toBe(false);
    // Every conversation through the archive's reader and the same use-cases `show`, `export`
    // and `search` call, in one process; the real CLI for the first of each agent.
    const reader = new ArchiveReader(archive);
    onTestFinished(() => reader.close());
    const viaCli = new Set([...new Map(before.map((c) => [c.agent, c.id])).values()]);
    expect(viaCli.size).toBeGreaterThan(1);
    for (const c of before) {
      const cli = viaCli.has(c.id);
      const record = cli ? dejavuJson<Conversation>(['show', c.id], env()) : outgoingRead(reader, c.id, false).conversation;
      expect(record.id).toBe(c.id);
      expect(record.sourceDeleted).toBe(true);

      const markdown = cli ? dejavu(['show', c.id, '--markdown'], env()).stdout : conversationToMarkdown(record);
      expect(markdown).toContain(c.agent === 'codex' ? 'Codex CLI' : 'Claude Code');
      if (cli) {
        const out = path.join(work, `${c.id}.md`);
        const exported = dejavu(['export', c.id, '-o', out], env());
        expect(exported.code).toBe(0);
        expect(readFileSync(out, 'utf8')).toBe(markdown);
      }

      // Search for a piece of the first thing the person typed: it must find this conversation.
      const prompt = record.messages.find((m) => m.role === 'user')?.parts.find((p) => p.type === 'text');
      if (!prompt || prompt.type !== 'text') continue;
      const words = prompt.content.replace(/[<>"/]/g, ' ').split(/\s+/).filter((w) => w.length >= 4).slice(0, 3);
      if (words.length === 0) continue;
      const hits = cli ? dejavuJson<{ conversation: { id: string } }[]>(['search', ...words, '--limit', '500'], env()) : reader.search(words.join(' '), { limit: 500 });
      expect(hits.map((h) => h.conversation.id), words.join(' ')).toContain(c.id);
    }
  }, 120_000);

  it('exports JSON that is the same record show prints', () => {
    const c = before[0];
    const out = path.join(work, 'one.json');
    expect(dejavu(['export', c.id, '--format', 'json', '-o', out], env()).code).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(dejavuJson<Conversation>(['show', c.id], env()));
  });
});
