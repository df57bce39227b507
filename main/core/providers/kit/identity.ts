/** Derives the stable identity fields every provider fills the same way. */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { AgentId } from '../../../../shared/agents';
import { farText, headOf } from '../../../../shared/far-strings';
import type { Conversation, Message, ParseWarning } from '../../../../shared/record';

const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,95}$/;

/**
 * A conversation id that is stable across syncs and machines and safe as a file name:
 * `<agent>_<nativeId>` when the native id is plain, else `<agent>_h<sha256 prefix>`. The
 * capture puts the instance in it for a jackin container's files (`idInInstance`).
 */
export function conversationId(agent: AgentId, nativeId: string): string {
  if (SAFE_ID.test(nativeId) && !nativeId.includes('..')) return `${agent}_${nativeId}`;
  const digest = createHash('sha256').update(nativeId).digest('hex').slice(0, 32);
  return `${agent}_h${digest}`;
}

/** The instance whose conversations keep the plain `<agent>_<…>` ids: the person's own home. */
export const HOST_INSTANCE = 'host';

/** An instance name as it may stand in an id: plain names as they are, any other as a digest. */
const PLAIN_INSTANCE = /^[A-Za-z0-9][A-Za-z0-9.-]{0,63}$/;

/**
 * The id a conversation gets when it was read in `instance`: the host's as it is, a jackin
 * container's `<agent>__<instance>_<…>`, so the same session file in two homes makes two
 * conversations. Never a host id: after `<agent>_` a host id goes on with a letter or digit;
 * and the instance holds no `_`, so two instances never give the same id. Idempotent.
 */
export function idInInstance(id: string, instance: string): string {
  if (instance === HOST_INSTANCE || instanceOfId(id) !== undefined) return id;
  const cut = id.indexOf('_');
  if (cut < 1) return id;
  const name = PLAIN_INSTANCE.test(instance) && !instance.includes('..') ? instance : `h${createHash('sha256').update(instance).digest('hex').slice(0, 16)}`;
  return `${id.slice(0, cut)}__${name}_${id.slice(cut + 1)}`;
}

/** The instance an id names (as it stands in the id), or undefined for a host id. */
export function instanceOfId(id: string): string | undefined {
  return /^[a-z0-9-]+__([A-Za-z0-9.-]+)_./.exec(id)?.[1];
}

/** The id without its instance: what the same conversation is called when read on the host. */
export function hostIdOf(id: string): string {
  return id.replace(/^([a-z0-9-]+)__[A-Za-z0-9.-]+_/, '$1_');
}

/**
 * The conversations of one source file as they are archived for the instance it was read in:
 * ids and the parent links between them (subagents always live in their parent's instance).
 */
export function inInstance(conversations: Conversation[], instance: string): Conversation[] {
  if (instance === HOST_INSTANCE) return conversations;
  return conversations.map((c) => {
    const scoped = { ...c, id: idInInstance(c.id, instance) };
    if (c.parentId !== undefined) scoped.parentId = idInInstance(c.parentId, instance);
    return scoped;
  });
}

/** The id of a subagent conversation, derived from its parent's native id and its own. */
export function subConversationId(agent: AgentId, parentNativeId: string, childKey: string): string {
  return conversationId(agent, `${parentNativeId}.${childKey}`);
}

/**
 * The workspace a conversation belongs to: the jackin workspace when the file came from a
 * jackin container, else the last segment of the working directory, else `unknown`.
 */
export function workspaceFor(cwd: string | undefined, hint?: string): string {
  if (hint) return hint;
  if (!cwd) return 'unknown';
  const trimmed = cwd.replace(/[\\/]+$/, '');
  const base = trimmed.includes('\\') && !trimmed.includes('/') ? path.win32.basename(trimmed) : path.posix.basename(trimmed);
  return base || 'unknown';
}

/** A short title from the first prompt: one line, at most 80 characters. */
export function titleFrom(text: string | undefined): string | undefined {
  if (!text) return undefined;
  // A far string (a huge line's prompt left in its file) is titled by its head, never its stand-in.
  const line = (farText(text) ? headOf(text, 64 * 1024) : text).replace(/\s+/g, ' ').trim();
  if (!line) return undefined;
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/** Stems too generic to tell one session from another (exports and copies keep such names). */
const ID_LIKE = /^(?=.*\d)[A-Za-z0-9._-]{8,}$/;

/**
 * A native id from a file's name, for formats that keep the session id only there. A name that
 * does not look like an id (`full.jsonl`, `session.json`) gets a digest of the file's path, so
 * two different sessions imported from such files never merge into one conversation.
 */
export function idFromFileName(filePath: string, extension: RegExp = /\.[^.]+$/): string {
  const stem = path.basename(filePath).replace(extension, '');
  if (ID_LIKE.test(stem)) return stem;
  const digest = createHash('sha256').update(path.resolve(filePath)).digest('hex').slice(0, 12);
  return `${stem || 'session'}-${digest}`;
}

/** What every provider knows of a conversation read from one file. */
export interface ConversationSeed {
  readonly agent: AgentId;
  readonly nativeId: string;
  /** Defaults to conversationId(agent, nativeId); subagents and prompt-only records pass their own. */
  readonly id?: string;
  readonly ctx: { readonly path: string; readonly instance: string; readonly workspaceHint?: string };
  /** Set on the record only when non-empty. */
  readonly cwd?: string;
  readonly models: readonly string[] | ReadonlySet<string>;
  readonly warnings: ParseWarning[];
  readonly messages: Message[];
}

/** The optional fields a provider may know of a conversation; each is set on the record only when present. */
export type ConversationExtras = Partial<Pick<Conversation, 'gitBranch' | 'title' | 'startedAt' | 'endedAt' | 'usage' | 'agentVersion' | 'parentId' | 'relation' | 'parentToolCallId'>>;

/** The identity fields of a conversation read from one source file, filled the same way by every provider. */
export function seedConversation(seed: ConversationSeed, extras: ConversationExtras = {}): Conversation {
  const c: Conversation = {
    id: seed.id ?? conversationId(seed.agent, seed.nativeId),
    agent: seed.agent,
    nativeId: seed.nativeId,
    workspace: workspaceFor(seed.cwd, seed.ctx.workspaceHint),
    instance: seed.ctx.instance,
    models: [...seed.models],
    sourcePath: seed.ctx.path,
    sources: [seed.ctx.path],
    warnings: seed.warnings,
    messages: seed.messages,
  };
  if (seed.cwd) c.cwd = seed.cwd;
  for (const key of ['gitBranch', 'title', 'startedAt', 'endedAt', 'usage', 'agentVersion', 'parentId', 'relation', 'parentToolCallId'] as const) {
    if (extras[key]) Object.assign(c, { [key]: extras[key] });
  }
  return c;
}
