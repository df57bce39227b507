/**
 * The person's redaction settings, in the index database's settings table beside the
 * retention ones, so the app, the CLI and the MCP server read the same choice.
 */
import { z } from 'zod';
import { DEFAULT_PRIVACY, type PrivacySettings } from '../../../shared/privacy';
import type { ReadableIndex, WritableIndex } from '../archive/db';
import { getSetting } from '../archive/index-store/read-settings';
import { putSetting } from '../archive/index-store/write-settings';

const KEY = 'privacy';

export const privacyPatchSchema = z.object({ redactExports: z.boolean().optional(), redactAtCapture: z.boolean().optional() }).strict();
export type PrivacyPatch = z.infer<typeof privacyPatchSchema>;

export function readPrivacy(db: ReadableIndex): PrivacySettings {
  const value = getSetting(db, KEY);
  if (value === undefined) return DEFAULT_PRIVACY;
  try {
    // A key added by a later version falls back to its default; an unreadable value keeps the safe defaults.
    return { ...DEFAULT_PRIVACY, ...privacyPatchSchema.strip().parse(JSON.parse(value)) };
  } catch {
    return DEFAULT_PRIVACY;
  }
}

export function savePrivacy(db: WritableIndex, patch: PrivacyPatch): PrivacySettings {
  const next = { ...readPrivacy(db) };
  for (const [k, v] of Object.entries(privacyPatchSchema.parse(patch))) if (v !== undefined) (next as Record<string, unknown>)[k] = v;
  putSetting(db, KEY, JSON.stringify(next));
  return next;
}
