/**
 * `dejavu digest`: the stored digest as a stable, versioned JSON shape, consistent with the
 * record it sums up, still answering after eviction dropped the thread.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ArchiveReader } from '../main/core/access/archive-reader';
import { digestDocument } from '../main/core/digest/digest-document';
import { errorFingerprint } from '../main/core/retention/digest-markers';
import type { DigestDocument } from '../shared/digest-contract';
import type { Conversation } from '../shared/record';
import { dejavu, dejavuJson } from './cli';
import { FIXTURES_DIR } from './fixtures';

interface Listed {
  id: string;
  agent: string;
}

describe('dejavu digest', () => {
  const env = { DEJAVU_HOME: mkdtempSync(path.join(os.tmpdir(), 'dejavu-digest-')) };
  let listed: Listed[] = [];

  const readerRecord = (id: string): Conversation => {
    const reader = new ArchiveReader(env.DEJAVU_HOME);
    try {
      return reader.get(id);
    } finally {
      reader.close();
    }
  };

  beforeAll(() => {
    expect(dejavu(['import', path.join(FIXTURES_DIR, 'claude-code'), path.join(FIXTURES_DIR, 'codex')], env).code).toBe(0);
    listed = dejavuJson<Listed[]>(['list'], env);
  });

  it('agrees with the record it sums up, for every conversation', () => {
    let withErrors = 0;
    let withFiles = 0;
    // In one process over the same archive (the CLI's answer is checked equal to it below).
    const reader = new ArchiveReader(env.DEJAVU_HOME);
    const docs = new Map<string, DigestDocument>();
    try {
      for (const c of listed) docs.set(c.id, JSON.parse(JSON.stringify(digestDocument(reader, c.id))) as DigestDocument);
    } finally {
      reader.close();
    }
    expect(dejavuJson<DigestDocument>(['digest', listed[0].id, '--no-redact'], env)).toEqual(docs.get(listed[0].id));
    const records = new Map(listed.map((c) => [c.id, readerRecord(c.id)]));
    for (const c of listed) {
      const d = docs.get(c.id)!;
      const record = records.get(c.id)!;
      expect(d.schema_version).toBe(1);
      expect(d.identity).toMatchObject({ id: c.id, agent: c.agent });
      expect(d.counts.messages).toBe(record.messages.length);
      expect(d.counts.prompts).toBe(record.messages.filter((m) => m.role === 'user').length);
      const calls = record.messages.flatMap((m) => m.parts.filter((p) => p.type === 'tool_call'));
      expect(d.counts.toolCalls).toBe(calls.length);
      expect(Object.values(d.toolHistogram).reduce((a, b) => a + b, 0)).toBe(calls.length);
      expect(Object.values(d.kindCounts).reduce((a, b) => a + b, 0)).toBe(record.messages.length);
      for (const m of d.markers) expect(record.messages[m.index].kind ?? 'earlier-revision', `${c.id} marker ${m.index}`).toBe(m.kind);
      const failed = record.messages.flatMap((m) => m.parts.filter((p) => p.type === 'tool_call_response' && p.isError));
      if (failed.length) {
        withErrors += 1;
        const tool = d.errors.filter((e) => e.source === 'tool');
        expect(tool.reduce((n, e) => n + e.count, 0)).toBe(failed.length);
        for (const e of d.errors) expect(e.fingerprint).toMatch(/^[0-9a-f]{16}$/);
      }
      if (d.filesTouched.length) withFiles += 1;
      expect(d.cost.priceTable.name).toBe('@pydantic/genai-prices');
      expect(d.cost.costUsd === null || d.cost.costUsd > 0).toBe(true);
    }
    expect(withErrors).toBeGreaterThan(0);
    expect(withFiles).toBeGreaterThan(0);
  });

  it('exits 1 with a sentence when no conversation matches', () => {
    const r = dejavu(['digest', 'no-such-conversation', '--json'], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no conversation matches "no-such-conversation"/);
  });

  it('still answers from the stored digest once eviction dropped the thread', () => {
    const evicted = { DEJAVU_HOME: mkdtempSync(path.join(os.tmpdir(), 'dejavu-digest-evicted-')) };
    expect(dejavu(['import', path.join(FIXTURES_DIR, 'codex')], evicted).code).toBe(0);
    const ids = dejavuJson<Listed[]>(['list'], evicted).map((c) => c.id);
    const before = ids.map((id) => dejavuJson<DigestDocument>(['digest', id], evicted));
    expect(dejavu(['evict', '--soft-cap', '1', '--hard-cap', '2', '--apply'], evicted).code).toBe(0);
    const after = ids.map((id) => dejavuJson<DigestDocument>(['digest', id], evicted));
    for (const [i, d] of after.entries()) {
      expect(d.digest.stored).toBe(true);
      expect(d.counts).toEqual(before[i].counts);
      expect(d.toolHistogram).toEqual(before[i].toolHistogram);
      expect(d.errors).toEqual(before[i].errors);
    }
    // The thread itself is down to its digest: the record no longer holds what the digest says.
    expect(dejavuJson<Conversation>(['show', ids[0]], evicted).messages.length).toBeLessThan(before[0].counts.messages);
  });

  it('gives errors that differ only in paths, numbers and ids one fingerprint', () => {
    const a = errorFingerprint("ENOENT: no such file or directory, open '/work/a/b.ts' (line 12)");
    const b = errorFingerprint("ENOENT: no such file or directory, open '/home/x/y/z.ts' (line 340)");
    const c = errorFingerprint('EACCES: permission denied, open /work/a/b.ts');
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });
});
