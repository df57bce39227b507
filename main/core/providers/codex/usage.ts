/** Codex `token_count` events → the record's Usage. */
import type { Usage } from '../../../../shared/record';
import { num, obj, type Json } from '../kit/json';

/**
 * OpenAI reports `input_tokens` including the cached part; the record keeps them apart (as
 * Claude does), so input here is the uncached remainder and the cached part is a cache read.
 * Output includes reasoning tokens, which are also reported on their own.
 */
export function usageFrom(raw: unknown): Usage | undefined {
  const u = obj(raw);
  if (!u) return undefined;
  const input = num(u.input_tokens);
  const cached = num(u.cached_input_tokens);
  const usage: Usage = {};
  if (input !== undefined) usage.inputTokens = cached !== undefined ? Math.max(0, input - cached) : input;
  if (cached !== undefined) usage.cacheReadTokens = cached;
  const output = num(u.output_tokens);
  if (output !== undefined) usage.outputTokens = output;
  const reasoning = num(u.reasoning_output_tokens);
  if (reasoning !== undefined) usage.reasoningTokens = reasoning;
  return Object.keys(usage).length ? usage : undefined;
}

export interface TokenCount {
  readonly total?: Usage;
  readonly last?: Usage;
  /** Codex repeats the same count (e.g. on rate-limit updates); the key spots repeats. */
  readonly key: string;
}

export function readTokenCount(payload: Json): TokenCount | undefined {
  const info = obj(payload.info);
  if (!info) return undefined;
  const totalRaw = obj(info.total_token_usage);
  return {
    total: usageFrom(totalRaw),
    last: usageFrom(info.last_token_usage),
    key: totalRaw ? `${num(totalRaw.total_tokens) ?? ''}/${num(totalRaw.input_tokens) ?? ''}/${num(totalRaw.output_tokens) ?? ''}` : '',
  };
}
