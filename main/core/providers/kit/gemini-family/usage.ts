/**
 * Token counts of the Gemini API (`usageMetadata`, or Gemini CLI's `tokens` summary of it) as
 * normalized usage. Gemini's prompt count includes the cached part and excludes tool-use prompt
 * tokens; its candidate count excludes thinking. Normalized: `inputTokens` is the uncached
 * prompt plus tool-use prompt, `cacheReadTokens` the cached part, `outputTokens` includes
 * `reasoningTokens` (as for the other providers).
 */
import type { Usage } from '../../../../../shared/record';
import { num, type Json } from '../json';

export interface TokenFields {
  readonly input?: number;
  readonly output?: number;
  readonly cached?: number;
  readonly thoughts?: number;
  readonly tool?: number;
}

export function usageFromTokens(t: TokenFields): Usage | undefined {
  if (t.input === undefined && t.output === undefined) return undefined;
  const usage: Usage = {};
  const cached = t.cached ?? 0;
  if (t.input !== undefined || t.tool !== undefined) usage.inputTokens = Math.max(0, (t.input ?? 0) - cached) + (t.tool ?? 0);
  if (t.cached !== undefined) usage.cacheReadTokens = cached;
  if (t.output !== undefined || t.thoughts !== undefined) usage.outputTokens = (t.output ?? 0) + (t.thoughts ?? 0);
  if (t.thoughts !== undefined) usage.reasoningTokens = t.thoughts;
  return usage;
}

/** Gemini CLI's `tokens: {input, output, cached, thoughts, tool, total}`. */
export function usageFromCliTokens(tokens: Json | undefined): Usage | undefined {
  if (!tokens) return undefined;
  return usageFromTokens({
    input: num(tokens.input),
    output: num(tokens.output),
    cached: num(tokens.cached),
    thoughts: num(tokens.thoughts),
    tool: num(tokens.tool),
  });
}

/** The API's `usageMetadata: {promptTokenCount, candidatesTokenCount, …}` (Qwen Code records). */
export function usageFromMetadata(meta: Json | undefined): Usage | undefined {
  if (!meta) return undefined;
  return usageFromTokens({
    input: num(meta.promptTokenCount),
    output: num(meta.candidatesTokenCount),
    cached: num(meta.cachedContentTokenCount),
    thoughts: num(meta.thoughtsTokenCount),
    tool: num(meta.toolUsePromptTokenCount),
  });
}

export function addUsage(total: Usage | undefined, add: Usage | undefined): Usage | undefined {
  if (!add) return total;
  const out: Usage = { ...(total ?? {}) };
  for (const key of ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheWriteTokens', 'reasoningTokens'] as const) {
    if (add[key] !== undefined) out[key] = (out[key] ?? 0) + add[key];
  }
  return out;
}
