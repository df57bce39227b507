/**
 * Retention: a digest per conversation (the durable tier, with every typed prompt), the
 * person's retention settings, pins, an eviction ledger, and per-conversation retention state.
 * `retention_revision` is the conversation revision an eviction applied to: a later store
 * bumps `revision`, so a re-ingested (full again) conversation is no longer counted as evicted.
 */
import type { Migration } from './migration';

export const migration003: Migration = {
  version: 3,
  name: 'retention',
  sql: `
    ALTER TABLE conversations ADD COLUMN retention_stage INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE conversations ADD COLUMN retention_revision INTEGER;
    ALTER TABLE conversations ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;

    -- One digest per conversation: built from the revision named, by digest code of 'version'.
    CREATE TABLE digests (
      conversation_id TEXT PRIMARY KEY,
      version INTEGER NOT NULL,
      revision INTEGER NOT NULL,
      analyzed_at TEXT NOT NULL,
      outcome TEXT NOT NULL,
      bytes INTEGER NOT NULL,
      data TEXT NOT NULL
    );
    CREATE INDEX digests_by_analyzed ON digests (analyzed_at);

    CREATE TABLE settings (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );

    -- Every eviction step: written as 'intent' before any file changes, 'committed' in the
    -- transaction that changes the index, 'done' once old files are gone; 'rolled-back' when a
    -- crash stopped it before the commit. action: stage-1 | stage-2 | data-loss.
    CREATE TABLE retention_ledger (
      seq INTEGER PRIMARY KEY,
      run_id TEXT NOT NULL,
      at TEXT NOT NULL,
      conversation_id TEXT NOT NULL,
      action TEXT NOT NULL,
      reason TEXT NOT NULL,
      status TEXT NOT NULL,
      old_blob TEXT,
      new_blob TEXT,
      bytes_before INTEGER NOT NULL DEFAULT 0,
      bytes_after INTEGER NOT NULL DEFAULT 0,
      detail TEXT
    );
    CREATE INDEX retention_ledger_by_status ON retention_ledger (status);
    CREATE INDEX retention_ledger_by_conversation ON retention_ledger (conversation_id);
  `,
};
