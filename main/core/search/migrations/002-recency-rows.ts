/**
 * Rows keyed by recency, so a search walks newest first and stops early, and a bigram index for
 * CJK, so two-character Chinese/Japanese/Korean words are found through an index instead of a
 * scan. search.db is derived data: this migration empties it, and the next sync (its catch-up
 * step) rebuilds every row from the blobs.
 */
import type { Migration } from '../../archive/migrations/migration';

export const searchMigration002: Migration = {
  version: 2,
  name: 'recency-rows',
  sql: `
    DROP TABLE message_fts;
    DROP TABLE indexed;
    -- rowid = (row_key << 20) + fragment, where row_key orders conversations by when they were
    -- last active (see row-keys.ts): rowid DESC is newest first.
    CREATE VIRTUAL TABLE message_fts USING fts5(
      text,
      message_index UNINDEXED,
      role UNINDEXED,
      scope UNINDEXED,
      tokenize = 'trigram'
    );
    -- The CJK characters of a row as overlapping two-character words ("重构 构这"), same rowid.
    -- Contentless: only matched, never read back.
    CREATE VIRTUAL TABLE cjk_fts USING fts5(bigrams, content = '', contentless_delete = 1, tokenize = 'unicode61');
    -- The revision of each conversation the rows above were built from, how many rows it has
    -- and the row_key they were written under.
    CREATE TABLE indexed (
      seq INTEGER PRIMARY KEY,
      conversation_id TEXT NOT NULL,
      revision INTEGER NOT NULL,
      row_count INTEGER NOT NULL,
      row_key INTEGER NOT NULL UNIQUE
    );
  `,
};
