/** Small readers for untyped JSON: every Kimi record is parsed once and read through these. */

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function obj(value: unknown): Json | undefined {
  return isObject(value) ? value : undefined;
}

export function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Text of a string, or JSON text of anything else (absent stays empty). */
export function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

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

export function shortError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > 160 ? `${message.slice(0, 159)}…` : message;
}
