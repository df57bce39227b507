/**
 * Agents delete their own old sessions: Claude Code removes transcripts idle longer than its
 * `cleanupPeriodDays` setting (30 by default) when it starts. This finds the session files such
 * a cleanup will delete before the archive holds what they hold now, so the app can say "sync
 * now". Only that one key of ~/.claude/settings.json is read; no credential file ever is.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CleanupRisk } from '../../../shared/views';
import type { ReadableIndex } from '../archive/db';
import { sourceStateLookup } from '../archive/index-store/read-sources';
import { providerFor } from '../providers/registry';

/** Claude Code's own default when its settings do not say. */
export const CLAUDE_DEFAULT_CLEANUP_DAYS = 30;
/** Warn about files that will be old enough for deletion within this many days. */
export const CLEANUP_WARNING_DAYS = 7;

export type { CleanupRisk };


/** `cleanupPeriodDays` from Claude Code's settings (that key alone), else its default. */
export function claudeCleanupDays(home: string): { days: number; from: 'settings' | 'default' } {
  try {
    const value = (JSON.parse(readFileSync(path.join(home, '.claude', 'settings.json'), 'utf8')) as { cleanupPeriodDays?: unknown }).cleanupPeriodDays;
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return { days: value, from: 'settings' };
  } catch {
    // no settings file, or not JSON: Claude Code then uses its default too
  }
  return { days: CLAUDE_DEFAULT_CLEANUP_DAYS, from: 'default' };
}

/** The Claude Code sessions under `home` its next cleanups delete before the archive has them. */
export async function claudeCleanupRisk(home: string, db: ReadableIndex, now = Date.now()): Promise<CleanupRisk> {
  const { days, from } = claudeCleanupDays(home);
  const provider = providerFor('claude-code');
  const files = provider ? await provider.locate(home).catch(() => [] as string[]) : [];
  const cursor = sourceStateLookup(db);
  const horizon = now - (days - CLEANUP_WARNING_DAYS) * 86_400_000;
  let unarchived = 0;
  let first: number | undefined;
  for (const file of files) {
    let info;
    try {
      info = statSync(file);
    } catch {
      continue;
    }
    if (info.mtimeMs > horizon) continue;
    const c = cursor(path.resolve(file));
    if (c && !c.missing && c.size === info.size && c.mtime_ms === Math.trunc(info.mtimeMs)) continue;
    unarchived += 1;
    const deletion = info.mtimeMs + days * 86_400_000;
    first = first === undefined ? deletion : Math.min(first, deletion);
  }
  return { agent: 'claude-code', cleanupPeriodDays: days, from, unarchived, firstDeletionAt: first === undefined ? undefined : new Date(Math.max(first, now)).toISOString() };
}

/** The warning a person reads (CLI and app say the same). */
export function cleanupWarning(risk: CleanupRisk): string {
  const when = risk.firstDeletionAt ? ` (the first on ${risk.firstDeletionAt.slice(0, 10)})` : '';
  return `Claude Code deletes sessions idle for more than ${risk.cleanupPeriodDays} days: ${risk.unarchived} of them, not archived yet, go within ${CLEANUP_WARNING_DAYS} days${when}. Sync now to keep them.`;
}
