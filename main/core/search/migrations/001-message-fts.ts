/** The search database's first schema: trigram full-text rows and what has been indexed. */
import type { Migration } from '../../archive/migrations/migration';

export const searchMigration001: Migration = {
  version: 1,
  name: 'message-fts',
  sql: `
    -- rowid = (conversations.seq << 24) + fragment number, so one conversation's rows are a
    -- rowid range (cheap to replace). scope: message | tool_call | tool_output.
    CREATE VIRTUAL TABLE message_fts USING fts5(
      text,
      message_index UNINDEXED,
      role UNINDEXED,
      scope UNINDEXED,
      tokenize = 'trigram'
    );
    -- The revision of each conversation the rows above were built from, and how many rows
    -- it has (deleting them one rowid at a time is fast; a rowid-range DELETE scans the table).
    CREATE TABLE indexed (
      seq INTEGER PRIMARY KEY,
      conversation_id TEXT NOT NULL,
      revision INTEGER NOT NULL,
      row_count INTEGER NOT NULL
    );
  `,
};
