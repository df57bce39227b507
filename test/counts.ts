/** Counts the facts PROVENANCE.md records, on a normalized conversation. */
import type { Conversation } from '../shared/record';

export interface Counts {
  readonly prompts: number;
  readonly assistantTexts: number;
  readonly toolCalls: number;
}

export function countFacts(c: Conversation): Counts {
  let assistantTexts = 0;
  let toolCalls = 0;
  for (const m of c.messages) {
    for (const p of m.parts) {
      if (p.type === 'tool_call') toolCalls += 1;
      // PROVENANCE counts harness-made API-error texts (`<synthetic>`) apart from real answers.
      if (m.role === 'assistant' && m.kind !== 'api-error' && m.kind !== 'synthetic' && p.type === 'text' && p.content.trim()) assistantTexts += 1;
    }
  }
  return { prompts: c.messages.filter((m) => m.role === 'user').length, assistantTexts, toolCalls };
}
