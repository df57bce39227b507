/** Small readers for untyped JSON: every OpenCode record is parsed once and read through these. */
export type { Json } from '../json';
export { isObject, str, num, obj, arr, asText, shortError } from '../json';
import { num } from '../json';

/** Epoch milliseconds (OpenCode's unit everywhere) as ISO-8601. */
export function isoFromMs(value: unknown): string | undefined {
  const ms = num(value);
  if (ms === undefined) return undefined;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

