/** Token usage as every agent reports it in its own field names, mapped onto one record. */
import type { Usage } from '../../../../shared/record';
import { num } from './json';

/** The counts that are numbers, under Usage's names; undefined when none is. */
export function usageOf(fields: { readonly [K in keyof Usage]?: unknown }): Usage | undefined {
  const out: Usage = {};
  for (const key of Object.keys(fields) as (keyof Usage)[]) {
    const n = num(fields[key]);
    if (n !== undefined) out[key] = n;
  }
  return Object.keys(out).length ? out : undefined;
}

/** A count an agent stores as 0 when it never had one: the number, or undefined for 0 and non-numbers. */
export function positiveCount(value: unknown): number | undefined {
  const n = num(value);
  return n !== undefined && n > 0 ? n : undefined;
}

/** `total` plus `more`, key by key, as a new record (neither is changed). */
export function sumUsage(total: Usage | undefined, more: Usage | undefined): Usage | undefined {
  if (!more) return total;
  const out: Usage = { ...total };
  for (const key of Object.keys(more) as (keyof Usage)[]) out[key] = (out[key] ?? 0) + (more[key] ?? 0);
  return out;
}
