/** The storage settings form: its fields as typed, checked, and turned into a settings patch. */
import { EVICTION_CADENCES, type EvictionCadence, type RetentionPatch, type RetentionSettings } from '../../../shared/retention';
import { formatSize, parseSize } from './sizes';

export interface RetentionFields {
  readonly softCap: string;
  readonly hardCap: string;
  readonly maxAge: string;
  readonly digestCap: string;
  readonly cadence: string;
}

export type FieldErrors = Partial<Record<keyof RetentionFields, string>>;

export function fieldsOf(s: RetentionSettings): RetentionFields {
  return {
    softCap: formatSize(s.softCapBytes),
    hardCap: formatSize(s.hardCapBytes),
    maxAge: s.maxAgeDays === null ? 'off' : String(s.maxAgeDays),
    digestCap: formatSize(s.digestCapBytes),
    cadence: s.cadence,
  };
}

const SIZE_HINT = 'a size such as 2 GB, 500 MB or 1048576';

/** The patch that turns `current` into what the fields say (only what changed), or the errors. */
export function checkFields(f: RetentionFields, current: RetentionSettings): { patch: RetentionPatch; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const soft = parseSize(f.softCap);
  const hard = parseSize(f.hardCap);
  const digest = parseSize(f.digestCap);
  if (soft === undefined) errors.softCap = `Write ${SIZE_HINT}.`;
  if (hard === undefined) errors.hardCap = `Write ${SIZE_HINT}.`;
  else if (soft !== undefined && hard < soft) errors.hardCap = 'The hard cap cannot be below the soft cap.';
  if (digest === undefined) errors.digestCap = `Write ${SIZE_HINT}.`;
  let maxAge: number | null | undefined;
  const age = f.maxAge.trim();
  if (age === '' || /^(off|never|none)$/i.test(age)) maxAge = null;
  else if (/^\d+$/.test(age) && Number(age) >= 1) maxAge = Number(age);
  else errors.maxAge = 'Write whole days (1 or more), or “off” to never drop raw bulk for age.';
  if (!(EVICTION_CADENCES as readonly string[]).includes(f.cadence)) errors.cadence = `Choose one of ${EVICTION_CADENCES.join(', ')}.`;

  const patch: { -readonly [K in keyof RetentionPatch]: RetentionPatch[K] } = {};
  if (soft !== undefined && soft !== current.softCapBytes) patch.softCapBytes = soft;
  if (hard !== undefined && hard !== current.hardCapBytes) patch.hardCapBytes = hard;
  if (digest !== undefined && digest !== current.digestCapBytes) patch.digestCapBytes = digest;
  if (maxAge !== undefined && maxAge !== current.maxAgeDays) patch.maxAgeDays = maxAge;
  if (!errors.cadence && f.cadence !== current.cadence) patch.cadence = f.cadence as EvictionCadence;
  return { patch, errors };
}
