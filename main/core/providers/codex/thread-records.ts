/**
 * Records Codex persists since 0.14x that say what happened to the thread rather than what was
 * said in it (codex-rs/rollout/src/policy.rs, codex-rs/protocol/src/protocol.rs):
 * - `inter_agent_communication {author, recipient, other_recipients, content, encrypted_content?,
 *   trigger_turn}` (a top-level record) and `response_item/agent_message {author, recipient,
 *   content[]}` (the same message as model input): one agent of a multi-agent tree writing to
 *   another. Authors are agent paths (`/root`, `/root/<name>`), never the person: `system`.
 * - `inter_agent_communication_metadata {trigger_turn}`: says the next item was delivered so.
 * - `world_state {full, state}`: the state Codex diffs the next turn's context against.
 * - `event_msg/thread_rolled_back {num_turns}`: the last turns dropped from the model's context.
 * - `event_msg/thread_goal_updated {threadId, turnId?, goal {objective, status, tokenBudget?,
 *   tokensUsed, timeUsedSeconds, …}}` (camelCase): the thread's goal as it changed.
 * - `event_msg/entered_review_mode {target, user_facing_hint?}` and `exited_review_mode
 *   {review_output?: {findings[], overall_correctness, overall_explanation, …}}`.
 * - `event_msg/sub_agent_activity {agent_thread_id, agent_path, kind}`.
 * - `event_msg/thread_settings_applied {thread_settings {model, cwd, …}}`.
 */
import type { Part } from '../../../../shared/record';
import type { CodexBuilder, Line } from './builder';
import { arr, isObject, num, obj, str, type Json } from '../kit/json';

/** A message between agents, as a top-level record or a response item. */
export function interAgentMessage(b: CodexBuilder, line: Line, payload: Json): void {
  const from = str(payload.author) ?? 'an agent';
  const to = [str(payload.recipient), ...arr(payload.other_recipients).map(str)].filter((p): p is string => !!p);
  const text = typeof payload.content === 'string' ? payload.content : agentMessageText(payload.content);
  const parts: Part[] = [{ type: 'text', content: `From ${from}${to.length ? ` to ${to.join(', ')}` : ''}:\n${text}` }];
  if (payload.encrypted_content || hasEncrypted(payload.content)) parts.push({ type: 'reasoning', content: '', redacted: true });
  b.pushInterAgent(line, parts);
}

function agentMessageText(content: unknown): string {
  return arr(content)
    .map((c) => (isObject(c) ? (str(c.text) ?? '') : typeof c === 'string' ? c : ''))
    .filter(Boolean)
    .join('\n');
}

function hasEncrypted(content: unknown): boolean {
  return arr(content).some((c) => isObject(c) && c.encrypted_content !== undefined);
}

export function worldState(b: CodexBuilder, line: Line, payload: Json): void {
  const full = payload.full === true;
  const parts: Part[] = [{ type: 'text', content: full ? 'World state (full)' : 'World state (changes)' }];
  if (payload.state !== undefined) parts.push({ type: 'generic', kind: 'world-state', content: JSON.stringify(payload.state, null, 2) });
  b.push(line, 'system', parts, 'world-state');
}

/** The `event_msg` types of this file; false for any other. */
export function handleThreadEvent(b: CodexBuilder, line: Line, type: string, payload: Json): boolean {
  switch (type) {
    case 'thread_rolled_back':
      b.rollBack(line, num(payload.num_turns) ?? 0);
      return true;
    case 'thread_goal_updated':
      b.push(line, 'system', [{ type: 'text', content: goalText(obj(payload.goal)) }], 'goal');
      return true;
    case 'entered_review_mode': {
      const hint = str(payload.user_facing_hint) ?? str(obj(payload.target)?.type) ?? 'review';
      b.push(line, 'system', [{ type: 'text', content: `Review started: ${hint}` }], 'review');
      return true;
    }
    case 'exited_review_mode':
      exitedReview(b, line, obj(payload.review_output));
      return true;
    case 'sub_agent_activity':
      b.push(line, 'system', [{ type: 'text', content: `Subagent ${str(payload.agent_path) ?? str(payload.agent_thread_id) ?? ''} ${str(payload.kind) ?? 'active'}`.replace('  ', ' ') }], 'subagent-activity');
      return true;
    case 'thread_settings_applied': {
      const model = str(obj(payload.thread_settings)?.model);
      if (model) b.setModel(model);
      return true;
    }
    default:
      return false;
  }
}

function goalText(goal: Json | undefined): string {
  if (!goal) return 'Goal updated';
  const status = str(goal.status);
  const used = num(goal.tokensUsed);
  const budget = num(goal.tokenBudget);
  const tokens = used === undefined ? '' : `; ${used} tokens used${budget === undefined ? '' : ` of ${budget}`}`;
  return `Goal${status ? ` (${status})` : ''}: ${str(goal.objective) ?? ''}${tokens}`;
}

/** The review the person was shown: an answer; a review that ended without one, a note. */
function exitedReview(b: CodexBuilder, line: Line, output: Json | undefined): void {
  if (!output) {
    b.push(line, 'system', [{ type: 'text', content: 'Review ended without a result' }], 'review');
    return;
  }
  const blocks: string[] = [];
  const verdict = [str(output.overall_correctness), str(output.overall_explanation)].filter(Boolean).join(': ');
  if (verdict) blocks.push(verdict);
  for (const f of arr(output.findings)) {
    if (!isObject(f)) continue;
    const where = obj(f.code_location);
    const range = obj(where?.line_range);
    const at = str(where?.absolute_file_path) ? ` (${str(where?.absolute_file_path)}${range ? `:${num(range.start)}-${num(range.end)}` : ''})` : '';
    blocks.push(`${str(f.title) ?? 'Finding'}${at}\n${str(f.body) ?? ''}`.trim());
  }
  b.push(line, 'assistant', [{ type: 'text', content: blocks.join('\n\n') || 'Review finished' }], 'review');
}
