/** `dejavu settings`: show or change the retention budget and the secret redaction the app and the CLI share. */
import type { Command } from 'commander';
import { openReadableIndex, type ReadableIndex, type WritableIndex } from '../../core/archive/db';
import { withWriterLock } from '../../core/archive/locked-write';
import { InvalidSettingsError, parseBytes, readSettings, saveSettings, type SettingsPatch } from '../../core/retention/settings';
import { EVICTION_CADENCES, type EvictionCadence, type RetentionSettings } from '../../../shared/retention';
import type { PrivacySettings } from '../../../shared/privacy';
import { readPrivacy, savePrivacy, type PrivacyPatch } from '../../core/redact/settings';
import { type GlobalOptions, rootOf } from '../archive-access';
import { UsageError } from '../errors';
import { formatBytes, printJson, stdout, type TextOut } from '../output';

/** A commander parser for a byte size option ("500MB", "2GiB", "1048576"). */
export function bytesOption(flag: string) {
  return (v: string): number => {
    const n = parseBytes(v);
    if (n === undefined) throw new UsageError(`${flag} wants a size (1048576, 500MB, 2GiB), not "${v}"`);
    return n;
  };
}

/** A commander parser for a number of days, or "off" (0: commander cannot carry a null). */
export function daysOption(flag: string) {
  return (v: string): number => {
    if (/^(off|none|never)$/i.test(v)) return 0;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} wants whole days (1 or more) or "off", not "${v}"`);
    return n;
  };
}

/** The --max-age option's value as a setting: 0 ("off") is none. */
export function maxAgeOf(days: number | undefined): number | null | undefined {
  return days === 0 ? null : days;
}

/** A commander parser for an on/off switch. */
function switchOption(flag: string) {
  return (v: string): boolean => {
    if (/^(on|true|yes|1)$/i.test(v)) return true;
    if (/^(off|false|no|0)$/i.test(v)) return false;
    throw new UsageError(`${flag} is on or off, not "${v}"`);
  };
}

export function registerSettings(program: Command): void {
  program
    .command('settings')
    .description('show or change the retention budget (caps, maximum age, cadence) and secret redaction')
    .option('--soft-cap <bytes>', 'above this, raw bulk of the oldest conversations goes', bytesOption('--soft-cap'))
    .option('--hard-cap <bytes>', 'above this, whole threads of the oldest go (digests stay)', bytesOption('--hard-cap'))
    .option('--max-age <days>', 'over the soft cap, raw bulk idle longer than this goes first ("off", the default: never)', daysOption('--max-age'))
    .option('--digest-cap <bytes>', 'alert when digests pass this (they are never dropped)', bytesOption('--digest-cap'))
    .option('--cadence <when>', `when the app sweeps: ${EVICTION_CADENCES.join(', ')}`)
    .option('--redact-exports <on|off>', 'mask secrets in exports, `show`, `search` and MCP answers (default on)', switchOption('--redact-exports'))
    .option('--redact-at-capture <on|off>', 'store secrets masked in the archive and its search index (default off)', switchOption('--redact-at-capture'))
    .option('--json', 'print as JSON')
    .action(async (opts: { softCap?: number; hardCap?: number; maxAge?: number; digestCap?: number; cadence?: string; redactExports?: boolean; redactAtCapture?: boolean; json?: boolean }, cmd: Command) => {
      if (opts.cadence !== undefined && !(EVICTION_CADENCES as readonly string[]).includes(opts.cadence)) {
        throw new UsageError(`--cadence is one of ${EVICTION_CADENCES.join(', ')}, not "${opts.cadence}"`);
      }
      const patch: SettingsPatch = { softCapBytes: opts.softCap, hardCapBytes: opts.hardCap, maxAgeDays: maxAgeOf(opts.maxAge), digestCapBytes: opts.digestCap, cadence: opts.cadence as EvictionCadence | undefined };
      const privacyPatch: PrivacyPatch = { redactExports: opts.redactExports, redactAtCapture: opts.redactAtCapture };
      const changingPrivacy = Object.values(privacyPatch).some((v) => v !== undefined);
      const changing = Object.values(patch).some((v) => v !== undefined) || changingPrivacy;
      const root = rootOf(cmd.optsWithGlobals<GlobalOptions>());
      const apply = (db: WritableIndex) => ({ settings: saveSettings(db, patch), privacy: changingPrivacy ? savePrivacy(db, privacyPatch) : readPrivacy(db) });
      const show = (db: ReadableIndex) => ({ settings: readSettings(db), privacy: readPrivacy(db) });
      let settings: RetentionSettings;
      let privacy: PrivacySettings;
      try {
        // Only a change writes, under the writer lock; showing the settings works on a read-only archive too.
        ({ settings, privacy } = changing ? await withWriterLock(root, apply) : withReadOnly(root, show));
      } catch (err) {
        if (err instanceof InvalidSettingsError) throw new UsageError(err.message);
        throw err;
      }
      if (opts.json) return printJson({ ...settings, ...privacy });
      printSettings(settings);
      printPrivacy(privacy);
    });
}

export function printSettings(s: RetentionSettings, out: TextOut = stdout): void {
  out.write(`soft cap    ${formatBytes(s.softCapBytes)}  (above it: raw bulk of the oldest goes)\n`);
  out.write(`hard cap    ${formatBytes(s.hardCapBytes)}  (above it: whole threads of the oldest go, digests stay)\n`);
  out.write(`max age     ${s.maxAgeDays === null ? 'off' : `${s.maxAgeDays} days`}  (over the soft cap, raw bulk idle longer goes first; under it nothing ages out)\n`);
  out.write(`digest cap  ${formatBytes(s.digestCapBytes)}  (alert only)\n`);
  out.write(`cadence     ${s.cadence}\n`);
}

export function printPrivacy(p: PrivacySettings, out: TextOut = stdout): void {
  out.write(`redact exports     ${p.redactExports ? 'on   (secrets masked in exports, show, search and MCP answers; --no-redact for one command)' : 'off  (exports, show, search and MCP answers carry secrets as they were typed)'}\n`);
  out.write(`redact at capture  ${p.redactAtCapture ? 'on   (the archive and its search index store secrets masked)' : 'off  (the archive keeps what was typed, secrets included)'}\n`);
}

function withReadOnly<T>(root: string, read: (db: ReadableIndex) => T): T {
  const db = openReadableIndex(root);
  try {
    return read(db);
  } finally {
    db.close();
  }
}
