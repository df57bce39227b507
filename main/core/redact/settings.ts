/**
 * The person's redaction settings, in the index database's settings table beside the
 * retention ones, so the app, the CLI and the MCP server read the same choice.
 */
import { z } from 'zod';
import { DEFAULT_PRIVACY, type PrivacySettings } from '../../../shared/privacy';
import type { IndexDb } from '../archive/db';

const KEY = 'privacy';

export const privacyPatchSchema = z.object({ redactExports: z.boolean().optional(), redactAtCapture: z.boolean().optional() }).strict();
export type PrivacyPatch = z.infer<typeof privacyPatchSchema>;

export function readPrivacy(db: IndexDb): PrivacySettings {
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(KEY) as { value: string } | undefined;
  if (!row) return DEFAULT_PRIVACY;
  try {
    // A key added by a later version falls back to its default; an unreadable value keeps the safe defaults.
    return { ...DEFAULT_PRIVACY, ...privacyPatchSchema.strip().parse(JSON.parse(row.value)) };
  } catch {
    return DEFAULT_PRIVACY;
  }
}

export function savePrivacy(db: IndexDb, patch: PrivacyPatch): PrivacySettings {
  const next = { ...readPrivacy(db) };
  for (const [k, v] of Object.entries(privacyPatchSchema.parse(patch))) if (v !== undefined) (next as Record<string, unknown>)[k] = v;
  db.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at').run(
    KEY,
    JSON.stringify(next),
    new Date().toISOString(),
  );
  return next;
}
