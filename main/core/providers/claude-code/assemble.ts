/**
 * Turns the builders of one parsed file into Conversations: main first, then subagents. It
 * leaves the state untouched, so a live file can be assembled again after more lines.
 */
import path from 'node:path';
import type { Conversation, Message, ParseWarning } from '../../../../shared/record';
import type { SourceContext } from '../kit/provider';
import { conversationId, subConversationId, titleFrom, seedConversation } from '../kit/identity';
import type { ConversationBuilder } from './builder';
import type { FileIds } from './file-ids';
import type { ParseState, TitleSources } from './parse';
import { forkedMain } from '../kit/fork-copies';
import { readSubagentMeta, sessionFolderOf, type SubagentMeta } from './subagent-meta';
import { subagentFileBeside } from './agent-progress';

const AGENT = 'claude-code';

export function assemble(state: ParseState, ctx: SourceContext): Conversation[] {
  const stem = path.basename(ctx.path, '.jsonl');
  const warnings = [...state.main.warnings, ...unknownTypeWarnings(state)];
  const mainMessages = state.main.resolvedMessages();
  const out: Conversation[] = [];
  if (state.subagentFile) {
    // Records without a sessionId: the `<session>/subagents/` folder still names the parent.
    const sessionId = state.main.sessionId ?? sessionFolderOf(ctx.path) ?? stem;
    const agentId = state.main.agentId ?? stem.replace(/^agent-/, '');
    const nativeId = `${sessionId}.agent-${agentId}`;
    const meta = readSubagentMeta(ctx.path, (message) => warnings.push({ message }));
    const conversation: Conversation = {
      ...base(state.main, mainMessages, ctx, nativeId, subConversationId(AGENT, sessionId, `agent-${agentId}`), warnings),
      title: ownCopy(subagentTitle(meta, state.main)),
      parentId: conversationId(AGENT, sessionId),
      relation: 'subagent',
    };
    if (meta?.toolUseId) conversation.parentToolCallId = meta.toolUseId;
    out.push(conversation);
    return out;
  }
  const sessionId = state.main.sessionId ?? firstSidechainSession(state) ?? stem;
  const mainId = conversationId(AGENT, sessionId);
  const fork = forkedMain(state.forkCopies, mainMessages, ctx.path);
  const main: Conversation = { ...base(state.main, fork?.messages ?? mainMessages, ctx, sessionId, mainId, warnings, fork?.excludeUsage), title: ownCopy(titleFor(state, state.main)) };
  if (fork?.startedAt !== undefined) main.startedAt = fork.startedAt;
  out.push(main);
  const linked = new Map<number, number>();
  for (const [root, builder] of state.sidechains) {
    const key = `sidechain-${root}`;
    const conversation: Conversation = {
      ...base(builder, builder.resolvedMessages(), ctx, `${sessionId}.${key}`, subConversationId(AGENT, sessionId, key), []),
      title: ownCopy(titleFrom(builder.task)),
      parentId: mainId,
      relation: 'subagent',
    };
    // A subagent that worked in a subfolder (its own cwd, kept) still belongs to its parent's workspace.
    if (main.workspace !== 'unknown') conversation.workspace = main.workspace;
    const call = builder.taskNumber < 0 ? undefined : takeTaskCall(state, linked, builder.taskNumber);
    if (call !== undefined) conversation.parentToolCallId = call;
    out.push(conversation);
  }
  for (const [agentId, agent] of state.progressAgents) {
    // The subagent's own file has these turns and the rest: it is that file's conversation.
    if (subagentFileBeside(ctx.path, sessionId, agentId)) continue;
    // No warning: nothing was misread (a warning shows as lines that could not be read); the
    // subagent's last answer is the result of the parent's call, as in its own file.
    const key = `agent-${agentId}`;
    const conversation: Conversation = {
      ...base(agent.builder, agent.builder.resolvedMessages(), ctx, `${sessionId}.${key}`, subConversationId(AGENT, sessionId, key), []),
      // Titled as its own file's sidecar titles it, from the call (else by its task).
      title: ownCopy(titleFrom((agent.toolUseId !== undefined ? state.taskLabels.get(agent.toolUseId) : undefined) ?? agent.builder.task)),
      parentId: mainId,
      relation: 'subagent',
    };
    if (main.workspace !== 'unknown') conversation.workspace = main.workspace;
    if (agent.toolUseId !== undefined) conversation.parentToolCallId = agent.toolUseId;
    out.push(conversation);
  }
  return out;
}

function base(
  builder: ConversationBuilder,
  messages: Message[],
  ctx: SourceContext,
  nativeId: string,
  id: string,
  warnings: ParseWarning[],
  excludeUsage?: ReadonlySet<string>,
): Conversation {
  return seedConversation(
    { agent: AGENT, nativeId, id, ctx, cwd: builder.cwd, models: builder.models, warnings, messages },
    { gitBranch: builder.gitBranch, startedAt: builder.startedAt, endedAt: builder.endedAt, agentVersion: builder.version, usage: builder.totalUsage(excludeUsage) },
  );
}

/**
 * A /rename title, else the latest AI title, else a summary record describing a leaf of this
 * file, else the first typed prompt (or slash command).
 */
function titleFor(sources: TitleSources & { ids: FileIds }, builder: ConversationBuilder): string | undefined {
  if (sources.customTitle) return titleFrom(sources.customTitle);
  if (sources.aiTitle) return titleFrom(sources.aiTitle);
  for (let i = sources.summaries.length - 1; i >= 0; i -= 1) {
    const summary = sources.summaries[i];
    if (summary.leafUuid !== undefined && sources.ids.wasSeen(summary.leafUuid) && summary.text) return titleFrom(summary.text);
  }
  return titleFrom(builder.firstPrompt ?? builder.firstSlash);
}

/**
 * A subagent file's title: the agent type and the description from its sidecar
 * (`Explore: find the config loader`), the task standing in for a missing description.
 */
function subagentTitle(meta: SubagentMeta | undefined, builder: ConversationBuilder): string | undefined {
  const what = meta?.description ?? builder.task ?? builder.firstPrompt;
  if (!meta?.agentType) return titleFrom(what);
  return titleFrom(what ? `${meta.agentType}: ${what}` : meta.agentType);
}

/** The parent's Task call whose prompt is the sidechain's task; each call links once (`linked` counts per task). */
function takeTaskCall(state: ParseState, linked: Map<number, number>, task: number): string | undefined {
  const taken = linked.get(task) ?? 0;
  linked.set(task, taken + 1);
  return state.taskCalls.get(task)?.[taken];
}

/**
 * A title as a string of its own: cut from a prompt, it is a slice that keeps the whole prompt
 * alive (V8 slices a long string instead of copying it), and a huge file holds a title per
 * sidechain, each its task prompt, until it is archived. JSON spells every string back exactly.
 */
function ownCopy(title: string | undefined): string | undefined {
  return title === undefined ? undefined : (JSON.parse(JSON.stringify(title)) as string);
}

function firstSidechainSession(state: ParseState): string | undefined {
  for (const builder of state.sidechains.values()) if (builder.sessionId) return builder.sessionId;
  return undefined;
}

function unknownTypeWarnings(state: ParseState): ParseWarning[] {
  if (state.unknownTypes.size === 0) return [];
  const [firstLine] = state.unknownTypes.values();
  const names = [...state.unknownTypes.keys()].join(', ');
  return [{ line: firstLine, message: `Unknown Claude Code record types kept as generic system messages: ${names}` }];
}
