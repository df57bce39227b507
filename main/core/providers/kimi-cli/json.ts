/** Small readers for untyped JSON: every Kimi record is parsed once and read through these. */
export type { Json } from '../json';
export { isObject, str, num, obj, arr, asText, shortError } from '../json';
import { num } from '../json';

/**
 * A timestamp as ISO-8601. kimi-cli (Python) writes float seconds, kimi-code epoch
 * milliseconds: values below 1e11 are seconds.
 */
export function isoFromEpoch(value: unknown): string | undefined {
  const n = num(value);
  if (n === undefined || n <= 0) return undefined;
  const date = new Date(n < 1e11 ? n * 1000 : n);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

