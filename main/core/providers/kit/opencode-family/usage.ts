import type { Usage } from '../../../../../shared/record';
import { num, obj } from '../json';

/** `{input, output, reasoning, cache: {read, write}}`; OpenCode's `input` excludes cached tokens. */
export function tokensOf(value: unknown): Usage | undefined {
  const t = obj(value);
  if (!t) return undefined;
  const u: Usage = {};
  const input = num(t.input);
  const output = num(t.output);
  const reasoning = num(t.reasoning);
  const cache = obj(t.cache);
  if (input !== undefined) u.inputTokens = input;
  if (output !== undefined) u.outputTokens = output;
  if (reasoning !== undefined) u.reasoningTokens = reasoning;
  if (num(cache?.read) !== undefined) u.cacheReadTokens = num(cache?.read);
  if (num(cache?.write) !== undefined) u.cacheWriteTokens = num(cache?.write);
  return Object.keys(u).length ? u : undefined;
}
