/**
 * Archives built from the real fixtures for the retention tests, and the invariant they all
 * check: every typed prompt of every conversation is readable from the archive, unless a
 * data-loss event names the conversation.
 */
import Database from 'better-sqlite3';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Conversation } from '../shared/record';
import { ArchiveReader } from '../main/core/access/archive-reader';
import { textOf } from '../main/core/retention/digest';
import { PROVIDERS } from '../main/core/providers/registry';
import { dejavu } from './cli';
import { readProvenance } from './provenance';

/** Import every real fixture file into `archive` through the CLI. */
export function importFixtures(archive: string): void {
  const known = new Set<string>(PROVIDERS.map((p) => p.agent));
  const files = readProvenance().filter((f) => known.has(f.agentSection));
  const r = dejavu(['import', ...files.map((f) => f.absPath)], { DEJAVU_HOME: archive });
  expect(r.code, r.stderr).toBe(0);
}

export type Prompts = Map<string, Map<string, string>>;

export function promptsOf(c: Conversation): Map<string, string> {
  return new Map(c.messages.filter((m) => m.role === 'user').map((m) => [m.id, textOf(m.parts)]));
}

export function withArchive<T>(archive: string, fn: (reader: ArchiveReader) => T): T {
  const reader = new ArchiveReader(archive);
  try {
    return fn(reader);
  } finally {
    reader.close();
  }
}

/** Every conversation's typed prompts, by conversation and message id. */
export function snapshotPrompts(archive: string): Prompts {
  return withArchive(archive, (r) => new Map(r.list().map((s) => [s.id, promptsOf(r.get(s.id))])));
}

export function lostIds(archive: string): Set<string> {
  const db = new Database(path.join(archive, 'index.db'), { readonly: true });
  try {
    const rows = db.prepare("SELECT conversation_id AS id FROM retention_ledger WHERE action = 'data-loss' AND status IN ('committed', 'done')").all() as { id: string }[];
    return new Set(rows.map((r) => r.id));
  } finally {
    db.close();
  }
}

/** The invariant: each conversation still reads, and every prompt it had is there, word for word. */
export function expectPromptsReadable(archive: string, before: Prompts): void {
  const lost = lostIds(archive);
  withArchive(archive, (r) => {
    for (const [id, prompts] of before) {
      if (lost.has(id)) continue;
      const now = promptsOf(r.get(id));
      for (const [messageId, text] of prompts) expect(now.get(messageId), `${id} / ${messageId}`).toBe(text);
    }
  });
}

/** Every blob the index names exists (except lost ones), and no blob file is unreferenced. */
export function expectConsistentFiles(archive: string): void {
  const db = new Database(path.join(archive, 'index.db'), { readonly: true });
  try {
    const rows = db.prepare('SELECT blob_path, retention_stage, retention_revision = revision AS applies FROM conversations').all() as { blob_path: string; retention_stage: number; applies: number }[];
    const named = new Set<string>();
    for (const r of rows) {
      if (r.retention_stage === 3 && r.applies) continue;
      named.add(r.blob_path);
      expect(existsSync(path.join(archive, r.blob_path)), r.blob_path).toBe(true);
    }
    const files = blobFiles(archive).filter((f) => !named.has(f));
    expect(files).toEqual([]);
    const open = db.prepare("SELECT COUNT(*) AS n FROM retention_ledger WHERE status IN ('intent', 'committed')").get() as { n: number };
    expect(open.n).toBe(0);
  } finally {
    db.close();
  }
}

function blobFiles(root: string, rel = ''): string[] {
  return readdirSync(path.join(root, rel), { withFileTypes: true }).flatMap((e) => {
    const p = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) return e.name === 'captures' || e.name === '.tmp' ? [] : blobFiles(root, p);
    return e.name.endsWith('.pb') ? [p] : [];
  });
}
