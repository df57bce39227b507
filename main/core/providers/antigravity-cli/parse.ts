/**
 * Parses one Antigravity CLI conversation. The readable transcript
 * (`brain/<id>/.system_generated/logs/transcript_full.jsonl`, one step per line, see steps.ts)
 * is the conversation; the files beside it give its title, workspace and plans
 * (side-files.ts). A conversation found only in its store (`conversations/<id>.db`: protobuf
 * rows; `<id>.pb`: encrypted by older builds) is not decoded: it becomes an empty conversation
 * whose warning says so, so it is never passed over without a word.
 */
import type { Conversation, Message, ParseWarning, Part, Role } from '../../../../shared/record';
import { conversationId, seedConversation, titleFrom } from '../kit/identity';
import type { ParseContext } from '../kit/provider';
import { readRecord } from '../kit/json-lines';
import { LineIds } from '../kit/line-ids';
import { lineMessage, TimeSpan } from '../kit/line-message';
import { num, str } from '../kit/json';
import { type ConversationPlace, placeOf } from './layout';
import { readSideInfo } from './side-files';
import { plannerParts, type ToolCall, typedText } from './steps';

export async function parseAntigravity(ctx: ParseContext): Promise<Conversation[]> {
  const place = placeOf(ctx.path) ?? { root: '', id: ctx.path.split(/[\\/]/).pop()!.replace(/\.[^.]+$/, ''), kind: 'transcript' as const };
  if (place.kind !== 'transcript') return [storeOnly(ctx, place)];
  const messages: Message[] = [];
  const warnings: ParseWarning[] = [];
  const ids = new LineIds();
  const span = new TimeSpan();
  const unknown = new Set<string>();
  const pending: ToolCall[] = [];
  let firstPrompt: string | undefined;
  let sawLine = false;

  for await (const line of ctx.lines()) {
    if (!line.text.trim()) continue;
    sawLine = true;
    const step = readRecord(line, (n, message) => warnings.push({ line: n, message }));
    if (!step) continue;
    const timestamp = str(step.created_at);
    span.see(timestamp);
    const raw = { raw: line.text, timestamp };
    const push = (role: Role, parts: Part[], kind?: string): void => void messages.push(lineMessage(raw, ids.next(line.lineNo), role, parts, kind));
    const source = str(step.source);
    const type = str(step.type) ?? '';
    const content = str(step.content) ?? '';
    if (source === 'USER_EXPLICIT') {
      const text = typedText(content);
      if (text) {
        firstPrompt ??= text;
        push('user', [{ type: 'text', content: text }]);
      } else push('system', [], 'user-metadata');
    } else if (source === 'MODEL' && (type === 'PLANNER_RESPONSE' || type === '')) {
      const { parts, calls } = plannerParts(step, `S${num(step.step_index) ?? line.lineNo}`);
      pending.push(...calls);
      push('assistant', parts);
    } else if (source === 'MODEL' || type === 'TOOL_RESPONSE') {
      // The run of a call the planner made: its calls are run in the order it made them.
      const call = pending.shift();
      if (call) push('tool', [{ type: 'tool_call_response', id: call.id, response: content }]);
      else push('system', [{ type: 'generic', kind: type.toLowerCase() || 'tool-step', content }], 'tool-step');
    } else if (source === 'SYSTEM') {
      push('system', content.trim() ? [{ type: 'text', content }] : [], type ? type.toLowerCase() : 'system');
    } else {
      unknown.add(source ?? '(none)');
      push('system', [{ type: 'generic', kind: source ?? 'step', content: line.text }], 'unknown');
    }
  }
  if (!sawLine) return [];
  if (unknown.size) warnings.push({ message: `Unknown Antigravity step sources kept as generic messages: ${[...unknown].sort().join(', ')}` });

  const side = place.root ? readSideInfo(place.root, place.id) : { artifacts: [] };
  const c = seedConversation(
    { agent: 'antigravity-cli', nativeId: place.id, ctx, cwd: side.cwd, models: [], warnings, messages },
    {
      title: side.title ? titleFrom(side.title) : titleFrom(firstPrompt),
      startedAt: span.first,
      endedAt: span.last,
      parentId: side.parentId ? conversationId('antigravity-cli', side.parentId) : undefined,
      relation: side.parentId ? 'subagent' : undefined,
    },
  );
  if (side.parentId) {
    // The first prompt of a subagent is the task its parent wrote, not one the person typed.
    const task = messages.find((m) => m.role === 'user');
    if (task) {
      task.role = 'system';
      task.kind = 'subagent-task';
    }
  }
  for (const a of side.artifacts) {
    // A plan or other artifact the agent wrote in the conversation's brain/ folder, as it stands now
    // (kept with the transcript's source: the merge of a re-read file replaces it whole).
    messages.push({ id: `artifact:${a.name}`, role: 'assistant', kind: 'plan', timestamp: a.modifiedAt, parts: [{ type: 'text', content: a.text }], native: a.text, source: 0 });
  }
  return [c];
}

function storeOnly(ctx: ParseContext, place: ConversationPlace): Conversation {
  const message =
    place.kind === 'pb'
      ? `Antigravity conversation ${place.id} is stored only as conversations/${place.id}.pb, which older Antigravity builds encrypt: it cannot be read, and nothing of it is archived. Its transcript (brain/${place.id}/.system_generated/logs/transcript_full.jsonl) is missing.`
      : `Antigravity conversation ${place.id} is stored only in conversations/${place.id}.db (protobuf rows, not decoded by Déjà Vu): nothing of it is archived. Its readable transcript (brain/${place.id}/.system_generated/logs/transcript_full.jsonl) is missing.`;
  return seedConversation({ agent: 'antigravity-cli', nativeId: place.id, ctx, models: [], warnings: [{ message }], messages: [] }, { title: `(unreadable) ${place.id}` });
}
