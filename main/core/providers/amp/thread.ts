/**
 * Amp's local thread files, `~/.local/share/amp/threads/T-<uuid>.json`: one JSON document per
 * thread — `{v, id, created, title?, agentMode?, env: {initial: {trees, platform}}, messages[],
 * usageLedger?}`. Messages are `{role: user | assistant | info, messageId, content[], meta:
 * {sentAt}, usage?, state?}` with Anthropic-style blocks.
 */
import { fileURLToPath } from 'node:url';
import type { Conversation, Message, ParseWarning, Part, Role, Usage } from '../../../../shared/record';
import { seedConversation, titleFrom } from '../kit/identity';
import type { ParseContext } from '../kit/provider';
import { sumUsage } from '../kit/usage';
import { assistantParts, textOf, usageFrom, userParts } from './content';
import { arr, isObject, isoFromMs, str, type Json } from '../kit/json';

export function parseThread(ctx: ParseContext, doc: Json): Conversation {
  const warnings: ParseWarning[] = [];
  const unknown = new Set<string>();
  const messages: Message[] = [];
  const models = new Set<string>();
  let usage: Usage | undefined;
  let lastSent: string | undefined;

  arr(doc.messages).forEach((raw, index) => {
    if (!isObject(raw)) {
      warnings.push({ message: `messages[${index}] is not an object; skipped` });
      return;
    }
    const native = JSON.stringify(raw);
    const base = typeof raw.messageId === 'number' ? `m${raw.messageId}` : `i${index}`;
    const timestamp = isoFromMs(isObject(raw.meta) ? raw.meta.sentAt : undefined);
    if (timestamp && (!lastSent || timestamp > lastSent)) lastSent = timestamp;
    let n = 0;
    const push = (role: Role, parts: Part[], kind?: string): Message => {
      const m: Message = { id: n === 0 ? base : `${base}.${n}`, role, parts, native, source: 0 };
      n += 1;
      if (timestamp) m.timestamp = timestamp;
      if (kind) m.kind = kind;
      messages.push(m);
      return m;
    };
    const role = str(raw.role) ?? '';
    if (role === 'user') {
      const { written, results } = userParts(raw.content, unknown);
      if (written.length) push('user', written);
      if (results.length) push('tool', results);
    } else if (role === 'assistant') {
      const m = push('assistant', assistantParts(raw.content, unknown));
      const rawUsage = isObject(raw.usage) ? raw.usage : undefined;
      const model = rawUsage ? str(rawUsage.model) : undefined;
      if (model) {
        m.model = model;
        models.add(model);
      }
      const u = usageFrom(rawUsage);
      if (u) {
        m.usage = u;
        usage = sumUsage(usage, u);
      }
      if (isObject(raw.state) && raw.state.type === 'cancelled') m.kind = 'interrupted';
    } else if (role === 'info') {
      const parts = infoParts(raw.content, unknown);
      const summary = parts.some((p) => p.type === 'generic' && p.kind === 'summary');
      push('system', parts.filter((p) => !(p.type === 'generic' && p.kind === 'summary')), summary ? 'compaction-summary' : 'info');
    } else {
      unknown.add(`role:${role || '?'}`);
      push('system', [{ type: 'generic', kind: role || 'unknown', content: native }], 'unknown');
    }
  });
  if (!Array.isArray(doc.messages)) warnings.push({ message: 'thread has no messages array' });
  if (unknown.size) warnings.push({ message: `Unknown Amp thread content kept as generic parts: ${[...unknown].sort().join(', ')}` });

  const nativeId = str(doc.id) ?? idFromFileName(ctx.path);
  const env = threadEnv(doc);
  const c = seedConversation({
    agent: 'amp',
    nativeId,
    ctx,
    cwd: env.cwd,
    models,
    warnings,
    messages,
  });
  if (env.branch) c.gitBranch = env.branch;
  if (env.version) c.agentVersion = env.version;
  const firstPrompt = messages.find((m) => m.role === 'user');
  const title = str(doc.title)?.trim() || titleFrom(firstPrompt ? textOf(firstPrompt.parts) : undefined);
  if (title) c.title = title;
  const created = isoFromMs(doc.created);
  if (created) c.startedAt = created;
  const ended = lastSent ?? created;
  if (ended) c.endedAt = ended;
  if (usage) c.usage = usage;
  return c;
}

/**
 * `info` messages: compaction summaries (`{type: summary, summary: {type: message, summary}}`
 * or a pointer to a summary thread) and notices. The `summary` marker part is dropped by the caller.
 */
function infoParts(content: unknown, unknown: Set<string>): Part[] {
  const parts: Part[] = [];
  for (const block of arr(content)) {
    if (!isObject(block)) continue;
    const type = str(block.type) ?? 'unknown';
    if (type === 'text') parts.push({ type: 'text', content: str(block.text) ?? '' });
    else if (type === 'summary' && isObject(block.summary)) {
      const s = block.summary;
      parts.push({ type: 'generic', kind: 'summary', content: '' });
      if (s.type === 'message' && typeof s.summary === 'string') parts.push({ type: 'text', content: s.summary });
      else parts.push({ type: 'generic', kind: `summary-${str(s.type) ?? '?'}`, content: JSON.stringify(s) });
    } else {
      unknown.add(`info:${type}`);
      parts.push({ type: 'generic', kind: type, content: JSON.stringify(block) });
    }
  }
  return parts;
}

/** Working directory, branch and client version from `env.initial`. */
function threadEnv(doc: Json): { cwd?: string; branch?: string; version?: string } {
  const initial = isObject(doc.env) && isObject(doc.env.initial) ? doc.env.initial : {};
  const out: { cwd?: string; branch?: string; version?: string } = {};
  const tree = arr(initial.trees).find(isObject);
  out.cwd = str(initial.cwd) ?? (tree ? pathOfUri(tree.uri) : undefined);
  const repo = tree && isObject(tree.repository) ? tree.repository : undefined;
  const ref = repo ? str(repo.ref) : undefined;
  if (ref) out.branch = ref.replace(/^refs\/heads\//, '');
  const platform = isObject(initial.platform) ? initial.platform : undefined;
  const version = platform ? (str(platform.clientVersion) ?? str(platform.version)) : undefined;
  if (version) out.version = version;
  return out;
}

function pathOfUri(uri: unknown): string | undefined {
  if (isObject(uri)) return str(uri.fsPath) ?? str(uri.path);
  const s = str(uri);
  if (!s) return undefined;
  if (!s.startsWith('file:')) return s;
  try {
    return fileURLToPath(s);
  } catch {
    return decodeURIComponent(s.replace(/^file:\/\//, ''));
  }
}

/** `T-<uuid>.json` → `T-<uuid>`. */
export function idFromFileName(filePath: string): string {
  const base = filePath.split(/[\\/]/).pop() ?? filePath;
  return base.replace(/\.json$/i, '');
}
