/**
 * Importing one huge-line session file twice, through the real CLI: once reading its long line
 * whole, once with its long strings left in the file as far strings (main/core/README.md "One
 * huge session file"), and what each archive then shows: for the tests that hold the far read to
 * the whole read (huge-line.test.ts, far-prompt.test.ts).
 */
import { mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { zstdFrames } from '../main/core/archive/zstd-frames';
import { dejavu } from './cli';

export const MB = 1024 * 1024;
/** Both imports take the huge-file path; only the second reads long lines in pieces. */
export const WHOLE = { DEJAVU_HUGE_BYTES: '1024', DEJAVU_FAR_LINE_BYTES: String(1024 * MB) };
export const FAR = { DEJAVU_HUGE_BYTES: '1024', DEJAVU_FAR_LINE_BYTES: String(64 * 1024), DEJAVU_FAR_STRING_BYTES: String(32 * 1024) };
/** The seed session's id: its file is named so. */
export const SEED_FILE_NAME = 'fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl';

export interface ImportRun {
  readonly imported: ReturnType<typeof dejavu>;
  readonly shown: { readonly code: number; readonly stdout: string; readonly docs: string[] };
  readonly archive: string;
}

/**
 * Imports `content` as a session file in `dir`, once whole and once far; returns both runs and what
 * each archive shows (every conversation, or the one named `only`).
 */
export function importBoth(dir: string, content: string, only?: string): { whole: ImportRun; far: ImportRun; file: string } {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, SEED_FILE_NAME);
  writeFileSync(file, content);
  // Not written for a while: a cut last line is one that will not be finished.
  utimesSync(file, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
  const run = (env: Record<string, string>, archive: string): ImportRun => {
    const imported = dejavu(['import', file, '--archive', archive], env);
    return { imported, shown: showAll(archive, only), archive };
  };
  return { whole: run(WHOLE, path.join(dir, 'whole')), far: run(FAR, path.join(dir, 'far')), file };
}

/** Every conversation of the archive (the long line may be a subagent's), or the one named `only`, whole, as `show --json` gives it. */
export function showAll(archive: string, only?: string): ImportRun['shown'] {
  const ids = only ? [only] : (JSON.parse(dejavu(['list', '--json', '--archive', archive]).stdout) as { id: string }[]).map((c) => c.id).sort();
  const shown = ids.map((id) => dejavu(['show', id, '--json', '--no-redact', '--archive', archive]));
  return { code: Math.max(...shown.map((s) => s.code)), stdout: shown.map((s) => s.stdout).join('\n'), docs: shown.map((s) => s.stdout) };
}

/** The archive's content-store files. */
export function contentFiles(archive: string): string[] {
  const root = path.join(archive, '.content');
  return readdirSync(root, { recursive: true }).map(String).filter((f) => f.endsWith('.zst')).map((f) => path.join(root, f));
}

/** The most zstd frames a content file of the archive has (a far string is streamed in one a slice). */
export function mostFrames(archive: string): number {
  return Math.max(...contentFiles(archive).map((f) => zstdFrames(readFileSync(f))!.length));
}

/** How many content files of the archive were streamed (more than one zstd frame: a far string, ~1 MiB a frame). */
export function streamedFiles(archive: string): number {
  return contentFiles(archive).filter((f) => zstdFrames(readFileSync(f))!.length > 1).length;
}

/** `search --json` hits, less what differs between two archives of the same file (when archived, the stored size). */
export function searchHits(archive: string, query: string, ...flags: string[]): string {
  return dejavu(['search', query, ...flags, '--json', '--archive', archive]).stdout.replace(/"(archivedAt|blobBytes)": [^,\n]+/g, '');
}
