/**
 * A row's scope and role move into the low bits of its rowid (row-keys.ts), so the filters every
 * search applies (tool output left out, role:) read no stored content. Same tables, new rowids:
 * search.db is derived data, so this migration empties it and the next sync (its catch-up step)
 * rebuilds every row from the blobs.
 */
import type { Migration } from '../../archive/migrations/migration';

export const searchMigration003: Migration = {
  version: 3,
  name: 'packed-rowids',
  sql: `
    DROP TABLE message_fts;
    DROP TABLE cjk_fts;
    DROP TABLE indexed;
    -- rowid = row_key × 2^24 + fragment × 16 + scope × 4 + role (row-keys.ts): rowid DESC is
    -- newest first; scope (message 0, tool_call 1, tool_output 2) and role (user 0, assistant 1,
    -- tool 2, system 3) are read from the rowid. The columns keep them for the hit's answer.
    CREATE VIRTUAL TABLE message_fts USING fts5(
      text,
      message_index UNINDEXED,
      role UNINDEXED,
      scope UNINDEXED,
      tokenize = 'trigram'
    );
    -- The CJK characters of a row as overlapping two-character words ("重构 构这"), same rowid.
    CREATE VIRTUAL TABLE cjk_fts USING fts5(bigrams, content = '', contentless_delete = 1, tokenize = 'unicode61');
    CREATE TABLE indexed (
      seq INTEGER PRIMARY KEY,
      conversation_id TEXT NOT NULL,
      revision INTEGER NOT NULL,
      row_count INTEGER NOT NULL,
      row_key INTEGER NOT NULL UNIQUE
    );
  `,
};
