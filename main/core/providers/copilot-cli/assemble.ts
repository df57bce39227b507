/** Threads → Conversations: the main session first, then one per subagent (parentId set). */
import type { Conversation, Message } from '../../../../shared/record';
import { conversationId, seedConversation, subConversationId, titleFrom } from '../kit/identity';
import type { ParseContext } from '../kit/provider';
import type { CopilotState } from './state';
import type { Thread } from './thread';

const AGENT = 'copilot-cli';

export function assemble(s: CopilotState, ctx: ParseContext): Conversation[] {
  if (s.unknownTypes.size) {
    s.warn(undefined, `Unknown Copilot CLI event types kept as generic messages: ${[...s.unknownTypes].sort().join(', ')}`);
  }
  for (const t of [s.main, ...s.children.values()]) if (s.currentModel) t.learnModel(s.currentModel);
  const nativeId = s.session.id ?? idFromPath(ctx.path);
  const main = base(s, ctx, s.main, nativeId, conversationId(AGENT, nativeId));
  main.title = s.session.title ?? titleFrom(firstText(s.main.messages, 'user'));
  if (s.session.startedAt ?? s.times.first) main.startedAt = s.session.startedAt ?? s.times.first;
  if (s.times.last) main.endedAt = s.times.last;
  if (s.session.version) main.agentVersion = s.session.version;
  const usage = s.shutdownUsage ?? s.callUsage ?? (s.main.outputTokens ? { outputTokens: s.main.outputTokens } : undefined);
  if (usage) main.usage = usage;
  main.warnings = s.warnings;
  const out = [main];
  for (const [key, t] of s.children) {
    const child = base(s, ctx, t, `${nativeId}.${key}`, subConversationId(AGENT, nativeId, key));
    child.parentId = main.id;
    child.relation = 'subagent';
    if (t.parentToolCallId) child.parentToolCallId = t.parentToolCallId;
    const task = firstText(t.messages, 'system', 'subagent-task');
    child.title = titleFrom(task) ?? titleFrom(t.agentName ?? '');
    if (t.times.first) child.startedAt = t.times.first;
    if (t.times.last) child.endedAt = t.times.last;
    if (s.session.version) child.agentVersion = s.session.version;
    if (t.outputTokens) child.usage = { outputTokens: t.outputTokens };
    out.push(child);
  }
  return out;
}

function base(s: CopilotState, ctx: ParseContext, t: Thread, nativeId: string, id: string): Conversation {
  const c = seedConversation({
    agent: AGENT,
    nativeId,
    id,
    ctx,
    cwd: s.session.cwd,
    models: t.models,
    warnings: [],
    messages: t.messages,
  });
  if (s.session.gitBranch) c.gitBranch = s.session.gitBranch;
  return c;
}

function firstText(messages: Message[], role: Message['role'], kind?: string): string | undefined {
  const m = messages.find((x) => x.role === role && (kind === undefined || x.kind === kind));
  if (!m) return undefined;
  return m.parts.map((p) => (p.type === 'text' ? p.content : '')).join('');
}

/** `<id>/events.jsonl` → the directory name; `<id>.jsonl` / `<name>.json` → the file name. */
function idFromPath(filePath: string): string {
  const parts = filePath.split(/[\\/]/);
  const base = parts.pop() ?? filePath;
  if (base === 'events.jsonl' && parts.length) return parts.pop()!;
  return base.replace(/\.jsonl?$/i, '');
}
