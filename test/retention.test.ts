/**
 * Retention on an archive of every real fixture, with tiny caps, through the real CLI: stage 1
 * then stage 2 happen in order, pinned conversations survive, prompts and answers survive
 * stage 1, prompts survive stage 2, the ledger matches what happened, the data-loss path is
 * reported, and at every point every typed prompt is readable unless a data-loss event names it.
 */
import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Conversation } from '../shared/record';
import type { EvictionReport, LedgerTotals, RetentionView } from '../shared/retention';
import type { ArchivedSummary } from '../shared/views';
import { dejavu, dejavuJson } from './cli';
import { expectConsistentFiles, expectPromptsReadable, importFixtures, type Prompts, snapshotPrompts, withArchive } from './retention-helpers';
import { connectionOf } from '../main/core/archive/index-store/handle';
import { ArchiveReader } from '../main/core/access/archive-reader';

const TINY = ['--soft-cap', '1', '--hard-cap', '1'];
const HUGE = '1TiB';

interface Stats {
  archiveBytes: number;
  ledger: LedgerTotals;
  retention: RetentionView;
}

function answersOf(c: Conversation): string[] {
  return c.messages.filter((m) => m.role === 'assistant').flatMap((m) => m.parts.flatMap((p) => (p.type === 'text' ? [p.content] : [])));
}

function toolCallsOf(c: Conversation): string[] {
  return c.messages.flatMap((m) => m.parts.flatMap((p) => (p.type === 'tool_call' ? [`${p.name} ${p.arguments}`] : [])));
}

describe('retention stages on the real fixtures', { timeout: 240_000 }, () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-retention-'));
  const archive = path.join(work, 'archive');
  const env = { DEJAVU_HOME: archive };
  let before: Prompts;
  let whole: Map<string, Conversation>;
  let pinned: string[];

  beforeAll(() => {
    importFixtures(archive);
    before = snapshotPrompts(archive);
    whole = withArchive(archive, (r) => new Map(r.list().map((s) => [s.id, r.get(s.id)])));
    // Pin the oldest conversation (eviction's first pick) and one more.
    const oldest = withArchive(archive, (r) => connectionOf(r.db).prepare('SELECT id FROM conversations ORDER BY COALESCE(ended_at, started_at, archived_at) LIMIT 1').pluck().get() as string);
    pinned = [oldest, [...whole.keys()].find((id) => id !== oldest)!];
    for (const id of pinned) expect(dejavu(['pin', id], env).code).toBe(0);
  });

  it('made a digest of every conversation at import, with every typed prompt', () => {
    const stats = dejavuJson<Stats>(['stats'], env);
    expect(stats.retention.unanalyzed).toBe(0);
    expect(stats.retention.stages.whole).toBe(whole.size);
    expect(stats.ledger).toEqual({ stage1: 0, stage2: 0, dataLoss: 0, bytesFreed: 0, rolledBack: 0 });
    expect(stats.archiveBytes).toBeGreaterThan(0);
  });

  it('plans without changing anything in a dry run', () => {
    const plan = dejavuJson<EvictionReport>(['evict', '--dry-run', ...TINY], env);
    expect(plan.steps.filter((s) => s.action === 'stage-1').length).toBe(whole.size - 2);
    expect(plan.steps.filter((s) => s.action === 'stage-2').length).toBe(whole.size - 2);
    // Under the soft cap nothing ages out, whatever the maximum age.
    const under = dejavuJson<EvictionReport>(['evict', '--dry-run', '--max-age', '1', '--soft-cap', HUGE, '--hard-cap', HUGE], env);
    expect(under.steps).toEqual([]);
    // Over it, everything idle past the maximum age goes first, then the oldest of the rest.
    const aged = dejavuJson<EvictionReport>(['evict', '--dry-run', '--max-age', '1', '--soft-cap', '1', '--hard-cap', HUGE], env);
    const reasons = aged.steps.map((s) => s.reason).join(' ');
    expect(aged.steps.every((s) => s.action === 'stage-1')).toBe(true);
    expect(reasons).toMatch(/^max-age( max-age)*( soft-cap)*$/);
    // Undated conversations count as active when archived (today): they are not aged.
    expect(aged.steps.filter((s) => s.reason === 'max-age').length).toBeGreaterThan(whole.size / 2);
    expect(dejavuJson<Stats>(['stats'], env).ledger.stage1).toBe(0);
    expect(dejavu(['evict', ...TINY], env).code).toBe(2);
  });

  it('stage 1 drops raw bulk but keeps every prompt, answer and tool call; pinned ones stay whole', () => {
    const r = dejavuJson<EvictionReport>(['evict', '--apply', '--soft-cap', '1', '--hard-cap', HUGE, '--max-age', 'off'], env);
    expect(r.steps.length).toBe(whole.size - 2);
    expect(r.steps.every((s) => s.action === 'stage-1' && s.reason === 'soft-cap')).toBe(true);
    expect(r.archiveBytesAfter).toBeLessThan(r.archiveBytesBefore);
    expectPromptsReadable(archive, before);
    expectConsistentFiles(archive);
    const listed = dejavuJson<ArchivedSummary[]>(['list'], env);
    expect(listed).toHaveLength(whole.size);
    // Every thread read in one process (the archive's own reader, as `show` uses); `show` itself
    // for an evicted one and a pinned one below.
    const shown = withArchive(archive, (r) => new Map(listed.map((s) => [s.id, r.get(s.id)])));
    const evicted = listed.find((s) => !pinned.includes(s.id))!.id;
    expect(dejavuJson<Conversation>(['show', evicted], env)).toEqual(shown.get(evicted));
    expect(dejavuJson<Conversation>(['show', pinned[0]], env)).toEqual(whole.get(pinned[0]));
    for (const s of listed) {
      const c = shown.get(s.id)!;
      const original = whole.get(s.id)!;
      expect(answersOf(c), s.id).toEqual(answersOf(original));
      expect(toolCallsOf(c), s.id).toEqual(toolCallsOf(original));
      expect(c.messages.length).toBe(original.messages.length);
      if (pinned.includes(s.id)) {
        expect(s.retentionStage).toBeUndefined();
        expect(s.pinned).toBe(true);
        expect(c).toEqual(original);
      } else {
        expect(s.retentionStage).toBe(1);
        expect(c.messages.some((m) => m.native !== undefined)).toBe(false);
      }
    }
    const stats = dejavuJson<Stats>(['stats'], env);
    expect(stats.ledger.stage1).toBe(whole.size - 2);
    expect(stats.ledger.bytesFreed).toBe(r.recordBytesFreed);
    expect(stats.retention.stages).toEqual({ whole: 2, stage1: whole.size - 2, stage2: 0, lost: 0 });
  });

  it('stage 2 keeps the digest: every prompt as a user message, the last answer, still listed and searchable', () => {
    const r = dejavuJson<EvictionReport>(['evict', '--apply', ...TINY], env);
    expect(r.steps.length).toBe(whole.size - 2);
    expect(r.steps.every((s) => s.action === 'stage-2' && s.reason === 'hard-cap')).toBe(true);
    expect(r.overHardCap).toBe(true);
    expectPromptsReadable(archive, before);
    expectConsistentFiles(archive);
    const tree = dejavuJson<{ count: number }[]>(['list'], env);
    expect(tree).toHaveLength(whole.size);
    let searched = 0;
    const listed = dejavuJson<ArchivedSummary[]>(['list'], env);
    // Read and searched in one process (the archive's own reader and search, as `show` and
    // `search` use them); the CLI's `show` for the first, its `search` for the first searched.
    const reader = new ArchiveReader(archive);
    onTestFinished(() => reader.close());
    const firstEvicted = listed.find((s) => !pinned.includes(s.id))!.id;
    expect(dejavuJson<Conversation>(['show', firstEvicted], env)).toEqual(reader.get(firstEvicted));
    for (const s of listed) {
      if (pinned.includes(s.id)) continue;
      expect(s.retentionStage).toBe(2);
      const c = reader.get(s.id);
      expect(c.messages.filter((m) => m.role === 'user').length).toBe(before.get(s.id)!.size);
      const last = c.messages.at(-1);
      if (last?.role === 'assistant') expect(last.kind).toBe('digest');
      expect(c.messages.filter((m) => m.role !== 'user').length).toBeLessThanOrEqual(1);
      // The first typed prompt still finds the conversation.
      const words = [...before.get(s.id)!.values()][0]?.replace(/[<>"/()[\]{}*`]/g, ' ').split(/\s+/).filter((w) => w.length >= 5).slice(0, 2) ?? [];
      if (words.length < 2) continue;
      const hits = searched === 0 ? dejavuJson<{ conversation: { id: string } }[]>(['search', ...words, '--limit', '500'], env) : reader.search(words.join(' '), { limit: 500 });
      expect(hits.map((h) => h.conversation.id), words.join(' ')).toContain(s.id);
      searched += 1;
    }
    expect(searched).toBeGreaterThan(10);
    const stats = dejavuJson<Stats>(['stats'], env);
    expect(stats.ledger).toMatchObject({ stage1: whole.size - 2, stage2: whole.size - 2, dataLoss: 0, rolledBack: 0 });
    expect(stats.retention.stages).toEqual({ whole: 2, stage1: 0, stage2: whole.size - 2, lost: 0 });
    // Pinned ones were never touched.
    for (const id of pinned) expect(dejavuJson<Conversation>(['show', id], env)).toEqual(whole.get(id));
  });

  it('a re-import of a changed source restores the full thread, and unpin lets it go again', () => {
    const id = [...whole.keys()].find((k) => !pinned.includes(k) && whole.get(k)!.sources.length === 1 && whole.get(k)!.agent === 'claude-code')!;
    const source = whole.get(id)!.sourcePath;
    const copy = path.join(work, path.basename(source));
    copyFileSync(source, copy);
    // Same file, same content: the fresh parse of it is the whole conversation again.
    expect(dejavu(['import', source], env).code).toBe(0);
    const back = dejavuJson<Conversation>(['show', id], env);
    expect(back.messages.length).toBe(whole.get(id)!.messages.length);
    expect(dejavuJson<ArchivedSummary[]>(['list'], env).find((s) => s.id === id)!.retentionStage).toBeUndefined();
    expectPromptsReadable(archive, before);
    expectConsistentFiles(archive);
    expect(dejavu(['unpin', pinned[0]], env).code).toBe(0);
    const r = dejavuJson<EvictionReport>(['evict', '--apply', ...TINY], env);
    expect(r.steps.map((s) => `${s.conversationId} ${s.action}`).sort()).toEqual([`${id} stage-1`, `${id} stage-2`, `${pinned[0]} stage-1`, `${pinned[0]} stage-2`].sort());
    expectPromptsReadable(archive, before);
  });
});

describe('the data-loss path', { timeout: 240_000 }, () => {
  it('drops an unreadable, un-analyzed conversation only over the hard cap, after every stage, and reports it', () => {
    const archive = mkdtempSync(path.join(os.tmpdir(), 'dejavu-loss-'));
    const env = { DEJAVU_HOME: archive };
    importFixtures(archive);
    const before = snapshotPrompts(archive);
    // A conversation whose blob was corrupted on disk before it was ever analyzed.
    const db = new Database(path.join(archive, 'index.db'));
    const victim = db.prepare('SELECT id, blob_path FROM conversations ORDER BY seq DESC LIMIT 1').get() as { id: string; blob_path: string };
    db.prepare('DELETE FROM digests WHERE conversation_id = ?').run(victim.id);
    db.close();
    writeFileSync(path.join(archive, victim.blob_path), 'not a blob any more');

    // Over the soft cap only: nothing un-analyzed is touched.
    const soft = dejavuJson<EvictionReport>(['evict', '--apply', '--soft-cap', '1', '--hard-cap', HUGE], env);
    expect(soft.dataLoss).toEqual([]);
    expect(soft.steps.some((s) => s.conversationId === victim.id)).toBe(false);

    const r = dejavu(['evict', '--apply', ...TINY, '--json'], env);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`data loss`);
    expect(r.stderr).toContain(victim.id);
    const report = JSON.parse(r.stdout) as EvictionReport;
    expect(report.dataLoss).toEqual([victim.id]);
    expect(report.steps.at(-1)).toMatchObject({ conversationId: victim.id, action: 'data-loss', reason: 'hard-cap' });

    // Stage 1 for all (first sweep), then stage 2 for all, then the loss: the ledger in order.
    const ledger = new Database(path.join(archive, 'index.db'), { readonly: true });
    const actions = (ledger.prepare("SELECT action FROM retention_ledger WHERE status = 'done' ORDER BY seq").pluck().all() as string[]).join(' ');
    ledger.close();
    expect(actions).toMatch(/^(stage-1 )+(stage-2 )+data-loss$/);

    const stats = dejavu(['stats', '--json'], env);
    const parsed = JSON.parse(stats.stdout) as Stats;
    expect(parsed.ledger.dataLoss).toBe(1);
    expect(parsed.retention.dataLoss.map((e) => e.conversationId)).toEqual([victim.id]);
    expect(parsed.retention.stages.lost).toBe(1);
    expect(dejavu(['stats'], env).stderr).toContain(`data loss`);
    const shown = dejavuJson<Conversation>(['show', victim.id], env);
    expect(shown.messages[0].kind).toBe('data-loss');
    expect(dejavuJson<ArchivedSummary[]>(['list'], env).find((s) => s.id === victim.id)!.retentionStage).toBe(3);
    expectPromptsReadable(archive, before);
    expectConsistentFiles(archive);
  });
});
