/**
 * Readers for untyped JSON, shared by every provider: records are parsed once and read
 * through these instead of casts, so a field of an unexpected type reads as absent.
 */

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

/** Milliseconds since the epoch → ISO-8601, when it is a plausible time. */
export function isoFromMs(value: unknown): string | undefined {
  const ms = num(value);
  if (ms === undefined || ms <= 0) return undefined;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** A date-time string (ISO-8601 or anything Date.parse reads) → ISO-8601 in UTC; undefined when it is not one. */
export function isoFromText(value: unknown): string | undefined {
  const text = str(value);
  const ms = text ? Date.parse(text) : Number.NaN;
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/** JSON.parse that returns undefined instead of throwing (and bounds nesting, see parse-json.ts). */
export { tryParseJson as tryParse } from './parse-json';

/** An error's message, short enough for a warning line. */
export function shortError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

/**
 * Epoch seconds or milliseconds → ISO-8601 (values below 1e11 are seconds: Python agents write
 * float seconds, JavaScript ones milliseconds).
 */
export function isoFromEpoch(value: unknown): string | undefined {
  const n = num(value);
  if (n === undefined || n <= 0) return undefined;
  const date = new Date(n < 1e11 ? n * 1000 : n);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
