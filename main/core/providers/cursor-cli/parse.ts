/**
 * Parses one Cursor CLI session: an agent transcript (JSONL, streamed) or a chat store
 * (`store.db`, SQLite, read-only). See README.md for both layouts.
 */
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Conversation, Message } from '../../../../shared/record';
import { conversationId, idFromFileName, seedConversation, titleFrom } from '../kit/identity';
import type { ParseContext } from '../kit/provider';
import { CursorBuilder } from './builder';
import { metaForTranscript, readMetaFile, type ChatMeta } from './meta';
import { projectOfTranscript } from './project-folder';
import { readStore, type StoreInfo } from './store';
import { looksLikePlainTranscript, readPlainTranscript } from './plain-transcript';
import { readTranscript } from './transcript';

/** Default chat names the CLI gives before it has a title. */
const PLACEHOLDER_NAMES = new Set(['', 'new agent', 'new chat', 'untitled', 'untitled session']);

export async function parseCursor(ctx: ParseContext): Promise<Conversation[]> {
  const b = new CursorBuilder();
  if (await isSqlite(ctx.path)) {
    const chatId = path.basename(path.dirname(ctx.path));
    const info = readStore(ctx.path, b);
    const meta = await readMetaFile(path.join(path.dirname(ctx.path), 'meta.json'));
    const c = await conversation(ctx, b, chatId || info?.agentId || 'store', meta, info);
    // A subagent's own store (its parent is named by its transcript's path, not here).
    if (meta?.isSubagent) markAgentPrompts(c, namedTitle(meta, info));
    return [c];
  }
  const plain = await isPlainText(ctx.path);
  if (!(await (plain ? readPlainTranscript(ctx, b) : readTranscript(ctx, b)))) return [];
  const ext = plain ? /\.txt$/i : /\.jsonl$/i;
  const stem = path.basename(ctx.path).replace(ext, '');
  const parent = plain ? undefined : subagentParent(ctx.path);
  if (parent) return [await subagentConversation(ctx, b, parent, idFromFileName(ctx.path, ext), await metaForTranscript(ctx.path, stem))];
  return [await conversation(ctx, b, idFromFileName(ctx.path, ext), await metaForTranscript(ctx.path, stem), undefined)];
}

/**
 * A subagent's transcript, `agent-transcripts/<chat id>/subagents/<id>.jsonl` (written beside
 * its chat's nested transcript): the chat that started it, when the path says so.
 */
function subagentParent(file: string): string | undefined {
  const folder = path.dirname(file);
  if (path.basename(folder) !== 'subagents') return undefined;
  const chat = path.dirname(folder);
  return path.basename(path.dirname(chat)) === 'agent-transcripts' ? path.basename(chat) : undefined;
}

/**
 * Linked to its chat (its own id kept: what an earlier sync archived it as). Nobody types into a
 * subagent: its first prompt is the task the chat's agent wrote, any later one the agent's too.
 */
async function subagentConversation(ctx: ParseContext, b: CursorBuilder, parent: string, own: string, meta: ChatMeta | undefined): Promise<Conversation> {
  const c = await conversation(ctx, b, own, meta, undefined);
  c.parentId = conversationId('cursor-cli', parent);
  c.relation = 'subagent';
  markAgentPrompts(c, meta?.title);
  return c;
}

/** A subagent's prompts are its chat's agent's: the first its task, any later one a message; titled by it unless named. */
function markAgentPrompts(c: Conversation, named: string | undefined): void {
  const prompts = c.messages.filter((m) => m.role === 'user');
  prompts.forEach((m, i) => {
    m.role = 'system';
    m.kind = i === 0 ? 'subagent-task' : 'subagent-message';
  });
  const title = prompts[0] ? titleFrom(prompts[0].parts.map((p) => (p.type === 'text' ? p.content : '')).join('\n')) : undefined;
  if (title && !named) c.title = title;
}

async function conversation(ctx: ParseContext, b: CursorBuilder, nativeId: string, meta: ChatMeta | undefined, info: StoreInfo | undefined): Promise<Conversation> {
  const messages = b.finish();
  const project = info ? undefined : projectOfTranscript(ctx.path);
  const cwd = meta?.cwd ?? info?.cwd ?? b.cwd ?? project?.path;
  const c = seedConversation({
    agent: 'cursor-cli',
    nativeId,
    ctx,
    cwd,
    models: info?.model ? [info.model] : [],
    warnings: b.warnings,
    messages,
  });
  // A project folder no longer on disk still names the project, by its slug.
  if (c.workspace === 'unknown' && project) c.workspace = project.slug;
  const title = namedTitle(meta, info);
  const resolved = title ? titleFrom(title) : titleFrom(firstPrompt(messages));
  if (resolved) c.title = resolved;
  const startedAt = meta?.createdAt ?? info?.createdAt;
  if (startedAt) c.startedAt = startedAt;
  // Transcripts carry no timestamps: the last write to the file is when the chat last moved.
  const endedAt = meta?.updatedAt ?? (await lastWrite(ctx.path));
  if (endedAt) c.endedAt = endedAt;
  return c;
}

function firstPrompt(messages: Message[]): string | undefined {
  const m = messages.find((x) => x.role === 'user');
  return m?.parts.map((p) => (p.type === 'text' ? p.content : '')).join('');
}

async function isSqlite(file: string): Promise<boolean> {
  return (await head(file, 16)).toString('latin1') === 'SQLite format 3\u0000';
}

/** An older plain-text transcript (`user:` / `assistant:` blocks), told by its text, not its name. */
async function isPlainText(file: string): Promise<boolean> {
  return looksLikePlainTranscript((await head(file, 64 * 1024)).toString('utf8'));
}

async function head(file: string, size: number): Promise<Buffer> {
  try {
    const handle = await open(file, 'r');
    try {
      const buf = Buffer.alloc(size);
      const { bytesRead } = await handle.read(buf, 0, size, 0);
      return buf.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch {
    return Buffer.alloc(0);
  }
}

/** The later of the file and its SQLite write-ahead log, as ISO. */
async function lastWrite(file: string): Promise<string | undefined> {
  let latest = 0;
  for (const f of [file, `${file}-wal`]) {
    try {
      latest = Math.max(latest, (await stat(f)).mtimeMs);
    } catch {
      // no WAL, or the file is gone
    }
  }
  return latest ? new Date(latest).toISOString() : undefined;
}

/** The chat's own name: its sidecar's title, else the store's name unless a placeholder. */
function namedTitle(meta: ChatMeta | undefined, info: StoreInfo | undefined): string | undefined {
  const name = info?.name?.trim();
  return meta?.title ?? (name && !PLACEHOLDER_NAMES.has(name.toLowerCase()) ? name : undefined);
}
