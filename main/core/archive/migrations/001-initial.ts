/** The first schema: conversations, ingest cursors, and the full-text index. */
import type { Migration } from './migration';

export const migration001: Migration = {
  version: 1,
  name: 'initial',
  sql: `
    CREATE TABLE conversations (
      seq INTEGER PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      agent TEXT NOT NULL,
      native_id TEXT NOT NULL,
      workspace TEXT NOT NULL,
      instance TEXT NOT NULL,
      cwd TEXT,
      git_branch TEXT,
      title TEXT,
      started_at TEXT,
      ended_at TEXT,
      models TEXT NOT NULL DEFAULT '[]',
      usage TEXT,
      parent_id TEXT,
      parent_tool_call_id TEXT,
      agent_version TEXT,
      source_path TEXT NOT NULL,
      sources TEXT NOT NULL DEFAULT '[]',
      source_deleted INTEGER NOT NULL DEFAULT 0,
      warning_count INTEGER NOT NULL DEFAULT 0,
      message_count INTEGER NOT NULL DEFAULT 0,
      prompt_count INTEGER NOT NULL DEFAULT 0,
      blob_path TEXT NOT NULL,
      blob_bytes INTEGER NOT NULL DEFAULT 0,
      archived_at TEXT NOT NULL
    );
    CREATE INDEX conversations_by_place ON conversations (workspace, instance, started_at);
    CREATE INDEX conversations_by_agent ON conversations (agent, started_at);
    CREATE INDEX conversations_by_start ON conversations (started_at);
    CREATE INDEX conversations_by_parent ON conversations (parent_id);

    -- One row per native file read: what was seen, so a re-sync reads only what changed.
    CREATE TABLE sources (
      path TEXT PRIMARY KEY,
      agent TEXT NOT NULL,
      instance TEXT NOT NULL,
      size INTEGER NOT NULL,
      mtime_ms INTEGER NOT NULL,
      read_offset INTEGER NOT NULL,
      conversation_ids TEXT NOT NULL DEFAULT '[]',
      synced_at TEXT NOT NULL,
      missing INTEGER NOT NULL DEFAULT 0
    );

    -- Message text for search. rowid = (conversations.seq << 24) + fragment number, so one
    -- conversation's rows are a rowid range (cheap to replace). scope: message | tool_call | tool_output.
    CREATE VIRTUAL TABLE message_fts USING fts5(
      text,
      message_index UNINDEXED,
      role UNINDEXED,
      scope UNINDEXED,
      tokenize = 'trigram'
    );
  `,
};
