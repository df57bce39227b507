/** Counts the facts PROVENANCE.md records, on a normalized conversation. */
import type { Conversation, Message } from '../shared/record';

export interface Counts {
  readonly prompts: number;
  readonly assistantTexts: number;
  readonly toolCalls: number;
}

/**
 * Where Déjà Vu's record deliberately differs from PROVENANCE's counting rules, each checked
 * against its own rule in the provider's test:
 * - blocks the harness wrote in the person's place (Copilot's autopilot nudge, Aider's
 *   auto-answers and architect→editor handoffs, Gemini's injected "Please continue.") are `system`, since the person did not type
 *   them, while PROVENANCE's rule counts them as prompts;
 * - Cline's questions and plan-mode answers, which the person read, are assistant text, while
 *   PROVENANCE's (loose) Cline rule leaves them out;
 * - an Aider reply is as many text parts as it has paragraphs between edits, while PROVENANCE's
 *   (loose) Aider rule counts one answer per prompt block that got any reply;
 * - a prompt the person typed ahead while Claude Code worked, taken into the running turn, is a
 *   `user` message of kind `queued` (its only record may be the typed-ahead queue's), while
 *   PROVENANCE's rule counts user records only.
 */
export const HARNESS_PROMPT_KINDS: readonly string[] = ['autopilot-continuation', 'confirm-answer', 'architect-handoff', 'continuation'];
export const EXTRA_ANSWER_KINDS: readonly string[] = ['followup-question', 'plan'];
export const TYPED_AHEAD_KINDS: readonly string[] = ['queued'];

const harnessApiText = (m: Message) => m.kind === 'api-error' || m.kind === 'synthetic';

export function countFacts(c: Conversation): Counts {
  let assistantTexts = 0;
  let toolCalls = 0;
  for (const m of c.messages) {
    for (const p of m.parts) {
      if (p.type === 'tool_call') toolCalls += 1;
      // PROVENANCE counts harness-made API-error texts (`<synthetic>`) apart from real answers.
      if (m.role === 'assistant' && !harnessApiText(m) && p.type === 'text' && p.content.trim()) assistantTexts += 1;
    }
  }
  return { prompts: c.messages.filter((m) => m.role === 'user').length, assistantTexts, toolCalls };
}

/** The counts as PROVENANCE's rules see them, undoing the documented mappings above. */
export function countAsProvenance(c: Conversation): Counts {
  const own = countFacts(c);
  const harnessPrompts = c.messages.filter((m) => m.role === 'system' && m.kind !== undefined && HARNESS_PROMPT_KINDS.includes(m.kind)).length;
  let extraAnswers = 0;
  for (const m of c.messages) {
    if (m.role !== 'assistant' || !m.kind || !EXTRA_ANSWER_KINDS.includes(m.kind)) continue;
    extraAnswers += m.parts.filter((p) => p.type === 'text' && p.content.trim()).length;
  }
  const assistantTexts = c.agent === 'aider' ? answeredPromptBlocks(c) : own.assistantTexts - extraAnswers;
  const typedAhead = c.messages.filter((m) => m.role === 'user' && m.kind !== undefined && TYPED_AHEAD_KINDS.includes(m.kind)).length;
  return { prompts: own.prompts + harnessPrompts - typedAhead, assistantTexts, toolCalls: own.toolCalls };
}

function answeredPromptBlocks(c: Conversation): number {
  const isBlock = (m: Message) => m.role === 'user' || (m.role === 'system' && m.kind !== undefined && HARNESS_PROMPT_KINDS.includes(m.kind));
  let answered = 0;
  let open = false;
  for (const m of c.messages) {
    if (isBlock(m)) open = true;
    else if (open && m.role === 'assistant' && m.parts.some((p) => p.type === 'text' && p.content.trim())) {
      answered += 1;
      open = false;
    }
  }
  return answered;
}
