/**
 * Keeps a sync's memory flat. Parsing allocates many short-lived strings; V8's default young
 * generation lets them pile up to tens of MB per thread before a scavenge, which shows as peak
 * RSS, not as speed. A small one costs nothing measurable here (`npm run bench`). V8 takes the
 * size only when a thread starts: `dejavu` gets `--max-semi-space-size` from its shebang
 * (bin/dejavu.mjs), the app the same js-flag, worker threads this resource limit.
 */
export const YOUNG_GENERATION_MB = 12;
