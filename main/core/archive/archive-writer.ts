/**
 * The one writer of an archive (sync and import): stores parsed conversations as blobs and
 * index rows. Blobs are written first (atomically), then the index rows and ingest cursors of
 * a whole batch in one transaction, so a crash at any point leaves an archive whose index is
 * consistent and whose next sync redoes only the unfinished batch. After each commit the writer
 * publishes what changed (changes.ts); search indexing and digests subscribe to it (access/),
 * and catch up from the index rows after a crash.
 */
import { mkdirSync } from 'node:fs';
import type { AgentId } from '../../../shared/agents';
import type { Conversation, SourceRewrite } from '../../../shared/record';
import { clearTemp, readBlob, removeBlob, writeBlob } from './blob-store';
import { ChangeFeed, type StoredConversation, type WritableArchive } from './changes';
import type Database from 'better-sqlite3';
import { openWritableIndex, type WritableIndex } from './db';
import { writeConnectionOf } from './index-store/handle';
import { acquireWriterLock, type WriterLock } from './lock';
import { mergeConversation } from './merge';
import { blobRelativePath } from './paths';
import { sourceFingerprint } from './source-fingerprint';
import { type ConversationRow, rowValues } from './rows';
import { withStorableTokenCounts } from './token-counts';
import { recordMachine } from './machine';

/** What the archive remembers of a source file between syncs. */
export interface SourceCursor {
  readonly path: string;
  readonly agent: AgentId;
  readonly instance: string;
  readonly size: number;
  readonly mtimeMs: number;
  /** Bytes read: up to the end of the last complete line. */
  readonly readOffset: number;
  readonly conversationIds: readonly string[];
  readonly missing: boolean;
  /** What the file held up to `readOffset` (source-fingerprint.ts); absent for stores not read as bytes. */
  readonly fingerprint?: string;
}

/** One source file's parse, ready to store. */
export interface ParsedSource {
  readonly path: string;
  readonly agent: AgentId;
  readonly instance: string;
  readonly size: number;
  readonly mtimeMs: number;
  readonly readOffset: number;
  readonly conversations: readonly Conversation[];
  /** Earlier files of the same log this one takes over from (Provider.replaces). */
  readonly replaces?: readonly string[];
  /** Those files hold the same chat written in parallel (Provider.mirrors). */
  readonly mirrors?: boolean;
}

export interface StoreOutcome {
  readonly created: string[];
  readonly updated: string[];
  /** What was stored, at which seq and revision (published to the subscribers as a `stored` change). */
  readonly stored: StoredConversation[];
  /** Conversations that kept messages their source no longer holds. */
  readonly rewritten: SourceRewriteReport[];
}

/** A source that dropped or changed what the archive had read from it; what it dropped was kept. */
export interface SourceRewriteReport {
  readonly conversationId: string;
  readonly path: string;
  readonly how: SourceRewrite['how'];
  /** Messages kept that the source no longer holds. */
  readonly kept: number;
}

interface CursorRow {
  path: string;
  agent: string;
  instance: string;
  size: number;
  mtime_ms: number;
  read_offset: number;
  conversation_ids: string;
  missing: number;
  fingerprint: string | null;
}

export interface WriterOptions {
  /**
   * What every parsed record goes through before it is merged, written or indexed (the opt-in
   * redaction at capture, injected by access/open-writer.ts). Asked once per batch.
   */
  readonly prepareBatch?: (db: WritableIndex) => ((conversation: Conversation) => Conversation) | undefined;
}

export class ArchiveWriter implements WritableArchive {
  readonly db: WritableIndex;
  /** Every commit is published here once durable (see changes.ts). */
  readonly changes = new ChangeFeed();
  private readonly lock: WriterLock;
  /** The connection behind `db`, for the writer's own statements. */
  private readonly sql: Database.Database;
  private readonly statements;

  constructor(
    readonly root: string,
    private readonly options: WriterOptions = {},
  ) {
    this.lock = acquireWriterLock(ensureDir(root));
    try {
      clearTemp(root);
      this.db = openWritableIndex(root, this.lock);
      // Named before anything is written, so an export can say which machine it came from.
      recordMachine(this.db);
    } catch (err) {
      this.lock.release();
      throw err;
    }
    const db = (this.sql = writeConnectionOf(this.db));
    this.statements = {
      row: db.prepare('SELECT * FROM conversations WHERE id = ?'),
      upsert: db.prepare(`
        INSERT INTO conversations (id, agent, native_id, workspace, instance, cwd, git_branch, title, started_at, ended_at,
          models, usage, parent_id, parent_tool_call_id, relation, agent_version, source_path, sources, source_deleted,
          warning_count, rewrite_count, message_count, prompt_count, blob_path, blob_bytes, archived_at)
        VALUES (@id, @agent, @native_id, @workspace, @instance, @cwd, @git_branch, @title, @started_at, @ended_at,
          @models, @usage, @parent_id, @parent_tool_call_id, @relation, @agent_version, @source_path, @sources, @source_deleted,
          @warning_count, @rewrite_count, @message_count, @prompt_count, @blob_path, @blob_bytes, @archived_at)
        ON CONFLICT (id) DO UPDATE SET agent = excluded.agent, native_id = excluded.native_id, workspace = excluded.workspace,
          instance = excluded.instance, cwd = excluded.cwd, git_branch = excluded.git_branch, title = excluded.title,
          started_at = excluded.started_at, ended_at = excluded.ended_at, models = excluded.models, usage = excluded.usage,
          parent_id = excluded.parent_id, parent_tool_call_id = excluded.parent_tool_call_id, relation = excluded.relation, agent_version = excluded.agent_version,
          source_path = excluded.source_path, sources = excluded.sources, source_deleted = excluded.source_deleted,
          warning_count = excluded.warning_count, rewrite_count = excluded.rewrite_count, message_count = excluded.message_count, prompt_count = excluded.prompt_count,
          blob_path = excluded.blob_path, blob_bytes = excluded.blob_bytes, archived_at = excluded.archived_at,
          revision = revision + 1
        RETURNING seq, revision`),
      cursor: db.prepare('SELECT * FROM sources WHERE path = ?'),
      cursors: db.prepare('SELECT * FROM sources'),
      upsertCursor: db.prepare(`
        INSERT INTO sources (path, agent, instance, size, mtime_ms, read_offset, conversation_ids, synced_at, missing, fingerprint)
        VALUES (@path, @agent, @instance, @size, @mtime_ms, @read_offset, @conversation_ids, @synced_at, 0, @fingerprint)
        ON CONFLICT (path) DO UPDATE SET agent = excluded.agent, instance = excluded.instance, size = excluded.size,
          mtime_ms = excluded.mtime_ms, read_offset = excluded.read_offset, conversation_ids = excluded.conversation_ids,
          synced_at = excluded.synced_at, missing = 0, fingerprint = excluded.fingerprint`),
      markMissing: db.prepare('UPDATE sources SET missing = 1 WHERE path = ?'),
      conversationsOfSource: db.prepare('SELECT id, sources FROM conversations WHERE id IN (SELECT value FROM json_each(?))'),
      missingPaths: db.prepare('SELECT path FROM sources WHERE missing = 1'),
      setDeleted: db.prepare('UPDATE conversations SET source_deleted = ? WHERE id = ?'),
      deletedOf: db.prepare('SELECT source_deleted FROM conversations WHERE id = ?').pluck(),
    };
  }

  cursor(path: string): SourceCursor | undefined {
    const row = this.statements.cursor.get(path) as CursorRow | undefined;
    return row && cursorFrom(row);
  }

  /** True when eviction has thinned one of these conversations and it was not stored again since. */
  anyThinned(ids: readonly string[]): boolean {
    return ids.some((id) => {
      const row = this.row(id);
      return row !== undefined && row.retention_stage > 0 && row.retention_revision === row.revision;
    });
  }

  cursors(): SourceCursor[] {
    return (this.statements.cursors.all() as CursorRow[]).map(cursorFrom);
  }

  /**
   * Store a batch of parsed sources: blobs first, then one transaction for the index. The
   * archive only grows: what a re-read source no longer holds is kept (see merge.ts). Resolves
   * once the subscribers took the change.
   */
  async store(batch: readonly ParsedSource[]): Promise<StoreOutcome> {
    const now = new Date().toISOString();
    const pending = new Map<string, { conversation: Conversation; previousBlob?: string; existed: boolean }>();
    const rewritten: SourceRewriteReport[] = [];
    const heldBefore = new Map<string, string[]>();
    // Opt-in: secrets masked before anything is merged, written or indexed (redact/README.md).
    const prepare = this.options.prepareBatch?.(this.db) ?? ((c: Conversation) => c);
    for (const source of batch) {
      const cursor = this.cursor(source.path);
      const change = changeOf(source, cursor);
      const merge = (fresh: Conversation) => {
        const earlier = pending.get(fresh.id);
        const row = earlier ? undefined : (this.statements.row.get(fresh.id) as ConversationRow | undefined);
        const previous = earlier?.conversation ?? (row && needsMerge(row, source.path, change.preserve) ? this.archived(row) : undefined);
        if (!previous) return { conversation: fresh, kept: 0, earlier, row };
        const degraded = row !== undefined && row.retention_stage > 0 && row.retention_revision === row.revision;
        return { ...mergeConversation(previous, fresh, source.path, { ...change, degraded, now, replaces: source.replaces, mirrors: source.mirrors }), earlier, row };
      };
      const put = (id: string, r: ReturnType<typeof merge>) => {
        pending.set(id, {
          conversation: r.conversation,
          previousBlob: r.earlier ? r.earlier.previousBlob : r.row?.blob_path,
          existed: r.earlier ? r.earlier.existed : r.row !== undefined,
        });
        if (r.kept > 0) rewritten.push({ conversationId: id, path: source.path, how: change.how, kept: r.kept });
      };
      for (const parsed of source.conversations) put(parsed.id, merge(prepare(withStorableTokenCounts(parsed))));
      // A conversation the file held before and holds no more keeps what it had, marked.
      const freshIds = new Set(source.conversations.map((c) => c.id));
      const vanished = change.preserve ? (cursor?.conversationIds ?? []).filter((id) => !freshIds.has(id)) : [];
      for (const id of vanished) {
        const previous = pending.get(id)?.conversation ?? this.archived(this.statements.row.get(id) as ConversationRow | undefined);
        if (!previous) continue;
        const r = merge({ ...previous, messages: [], warnings: [], rewrites: undefined });
        if (r.kept > 0) put(id, r);
      }
      heldBefore.set(source.path, vanished);
    }
    const written = [...pending.values()].map((p) => {
      const relative = blobRelativePath(p.conversation);
      return { ...p, relative, bytes: writeBlob(this.root, relative, p.conversation) };
    });
    const missing = new Set((this.statements.missingPaths.all() as { path: string }[]).map((r) => r.path));
    const stored: StoredConversation[] = [];
    this.sql.transaction(() => {
      for (const w of written) {
        const deleted = w.conversation.sources.every((s) => missing.has(s) && !batch.some((b) => b.path === s));
        const { seq, revision } = this.statements.upsert.get(rowValues(w.conversation, w.relative, w.bytes, deleted)) as { seq: number; revision: number };
        stored.push({ conversation: w.conversation, seq, revision });
      }
      for (const source of batch) {
        this.statements.upsertCursor.run({
          path: source.path,
          agent: source.agent,
          instance: source.instance,
          size: source.size,
          mtime_ms: Math.trunc(source.mtimeMs),
          read_offset: source.readOffset,
          conversation_ids: JSON.stringify([...source.conversations.map((c) => c.id), ...(heldBefore.get(source.path) ?? [])]),
          synced_at: now,
          fingerprint: sourceFingerprint(source.path, source.readOffset) ?? null,
        });
      }
    }).immediate();
    // Only after the index points at the new blob may an old one at another path go.
    for (const w of written) if (w.previousBlob && w.previousBlob !== w.relative) removeBlob(this.root, w.previousBlob);
    await this.changes.publish({ kind: 'stored', conversations: stored });
    return {
      created: written.filter((w) => !w.existed).map((w) => w.conversation.id),
      updated: written.filter((w) => w.existed).map((w) => w.conversation.id),
      stored,
      rewritten,
    };
  }

  /** The index row of a conversation, if archived. */
  row(id: string): ConversationRow | undefined {
    return this.statements.row.get(id) as ConversationRow | undefined;
  }

  /**
   * Store whole conversations that come from no source file here (`dejavu merge`: another
   * machine's archive): blobs first, then one transaction for their index rows; no cursor
   * changes. A conversation already archived keeps its source-deleted flag (its sources are
   * this machine's); one new here has none of this machine's agent files to lose.
   */
  async storeWhole(conversations: readonly Conversation[], beforeCommit?: () => void): Promise<StoreOutcome> {
    const written = conversations.map((conversation) => {
      const relative = blobRelativePath(conversation);
      const previousBlob = this.row(conversation.id)?.blob_path;
      return { conversation, relative, previousBlob, bytes: writeBlob(this.root, relative, conversation) };
    });
    beforeCommit?.();
    const stored: StoredConversation[] = [];
    this.sql.transaction(() => {
      for (const w of written) {
        const deleted = this.statements.deletedOf.get(w.conversation.id) === 1;
        const { seq, revision } = this.statements.upsert.get(rowValues(w.conversation, w.relative, w.bytes, deleted)) as { seq: number; revision: number };
        stored.push({ conversation: w.conversation, seq, revision });
      }
    }).immediate();
    for (const w of written) if (w.previousBlob && w.previousBlob !== w.relative) removeBlob(this.root, w.previousBlob);
    await this.changes.publish({ kind: 'stored', conversations: stored });
    return {
      created: written.filter((w) => !w.previousBlob).map((w) => w.conversation.id),
      updated: written.filter((w) => w.previousBlob).map((w) => w.conversation.id),
      stored,
      rewritten: [],
    };
  }

  /**
   * Mark sources that no longer exist. A conversation all of whose sources are gone is
   * flagged source-deleted (and stays in the archive). Returns the conversations flagged.
   */
  markSourcesMissing(paths: readonly string[]): string[] {
    if (paths.length === 0) return [];
    const flagged: string[] = [];
    this.sql.transaction(() => {
      for (const p of paths) this.statements.markMissing.run(p);
      const missing = new Set((this.statements.missingPaths.all() as { path: string }[]).map((r) => r.path));
      const ids = new Set<string>();
      for (const p of paths) for (const id of this.cursor(p)?.conversationIds ?? []) ids.add(id);
      const rows = this.statements.conversationsOfSource.all(JSON.stringify([...ids])) as { id: string; sources: string }[];
      for (const r of rows) {
        const sources = JSON.parse(r.sources) as string[];
        if (sources.every((s) => missing.has(s))) {
          this.statements.setDeleted.run(1, r.id);
          flagged.push(r.id);
        }
      }
    }).immediate();
    return flagged;
  }

  close(): void {
    try {
      this.db.close();
    } finally {
      this.lock.release();
    }
  }

  /** The archived record of an index row (undefined when there is none or it cannot be read). */
  archived(row: ConversationRow | undefined): Conversation | undefined {
    if (!row) return undefined;
    try {
      return readBlob(this.root, row.blob_path);
    } catch {
      return undefined;
    }
  }
}

/**
 * Whether the archived copy must be read to store a fresh parse: not when this file is its only
 * source, only grew, and no earlier revision is kept in it (the fresh parse then says it all).
 */
function needsMerge(row: ConversationRow, path: string, preserve: boolean): boolean {
  return preserve || row.rewrite_count > 0 || (JSON.parse(row.sources) as string[]).some((s) => s !== path);
}

/**
 * Did the file only grow since its last read (the same bytes up to the old read offset)? Then
 * its fresh parse replaces its earlier contribution; otherwise what it dropped is kept.
 */
function changeOf(source: ParsedSource, cursor: SourceCursor | undefined): { preserve: boolean; how: SourceRewrite['how'] } {
  if (!cursor || cursor.missing) return { preserve: true, how: 'rewritten' };
  const how = source.size < cursor.readOffset ? 'shrank' : 'rewritten';
  const grew = how === 'rewritten' && cursor.fingerprint !== undefined && sourceFingerprint(source.path, cursor.readOffset) === cursor.fingerprint;
  return { preserve: !grew, how };
}

function cursorFrom(r: CursorRow): SourceCursor {
  return {
    path: r.path,
    agent: r.agent as AgentId,
    instance: r.instance,
    size: r.size,
    mtimeMs: r.mtime_ms,
    readOffset: r.read_offset,
    conversationIds: JSON.parse(r.conversation_ids) as string[],
    missing: r.missing === 1,
    fingerprint: r.fingerprint ?? undefined,
  };
}

/** The lock file lives in the archive folder, which may not exist yet. */
function ensureDir(root: string): string {
  mkdirSync(root, { recursive: true });
  return root;
}
