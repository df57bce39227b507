/**
 * `dejavu import`: archive native session files from anywhere, given as files or folders.
 * The agent is named, or detected from each file's content.
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AgentId } from '../../../shared/agents';
import { openArchiveWriter } from '../access/open-writer';
import type { Provider } from '../providers/kit/provider';
import { detectProvider, isCompanionFile, providerFor } from '../providers/registry';
import { originOf } from './homes';
import { type IngestOptions, type IngestReport, ingestFiles, type SourceFile } from './ingest';
import { readHead } from './read-lines';
import { keepUnlessCredential, listDir, SkipLog, type Skipped, walking } from '../providers/kit/walk';

export interface ImportOptions extends IngestOptions {
  readonly root: string;
  readonly paths: readonly string[];
  readonly agent?: AgentId;
}

export interface ImportReport extends IngestReport {
  /** Files looked at that no provider recognised. */
  readonly unrecognized: string[];
  /** What the walks passed over (unreadable folders, credential-like files, link loops), each named. */
  readonly skipped: Skipped[];
}

/** `.txt`: Cursor's older plain-text agent transcripts. */
const SESSION_EXTENSIONS = new Set(['.jsonl', '.json', '.md', '.ndjson', '.db', '.sqlite', '.txt']);
const SKIP_DIRS = new Set(['node_modules', '.git']);

export class UnknownAgentFormatError extends Error {
  override readonly name = 'UnknownAgentFormatError';
}

export async function importPaths(options: ImportOptions): Promise<ImportReport> {
  const named = options.agent ? providerFor(options.agent) : undefined;
  if (options.agent && !named) throw new UnknownAgentFormatError(`no provider for agent "${options.agent}" yet`);
  const files: SourceFile[] = [];
  const unrecognized: string[] = [];
  const log = new SkipLog();
  const seen = new Set<string>();
  for (const given of options.paths) {
    const abs = path.resolve(given);
    const info = await stat(abs); // a path that does not exist is the person's error: let it throw
    await walking(log, async () => {
      const candidates = info.isDirectory() ? await walk(abs) : [abs];
      // Named on the command line or found in a folder, a credential-like file is never opened.
      for (const file of candidates.filter(keepUnlessCredential)) {
        const real = await realpath(file).catch(() => file);
        if (real !== file && !keepUnlessCredential(real)) continue; // a link named on the command line, to a credential
        if (seen.has(real)) continue; // reached twice, through a symbolic link
        seen.add(real);
        // A file named on the command line is the named agent's; a walked one must look like it.
        const provider = named && !info.isDirectory() ? named : await detectFile(file, named);
        if (provider) files.push({ path: file, provider, ...originOf(file) });
        else if (!info.isDirectory() || !isCompanionFile(file)) unrecognized.push(file); // a sidecar in a folder is read with its session
      }
    });
  }
  const writer = openArchiveWriter(options.root);
  try {
    // A file whose size, mtime and agent match its cursor is unchanged, as in a sync: nothing is
    // read or written again (no new revision), unless eviction thinned it and importing it restores it.
    return { ...(await ingestFiles(writer, files, { restoreThinned: true, ...options })), unrecognized, skipped: log.skipped };
  } finally {
    writer.close();
  }
}

/** Session files of any known agent found by content anywhere under a folder; what was passed over goes to `log`. */
export async function detectSessionFiles(dir: string, log: SkipLog): Promise<SourceFile[]> {
  return walking(log, async () => {
    const files: SourceFile[] = [];
    for (const file of (await walk(dir)).filter(keepUnlessCredential)) {
      const provider = await detectFile(file);
      if (provider) files.push({ path: file, provider, ...originOf(file) });
    }
    return files;
  });
}

/** The provider that recognises a file by its first bytes, if any (never throws: an unreadable file is nobody's). */
export async function detectFile(file: string, only?: Provider): Promise<Provider | undefined> {
  try {
    const sample = { path: file, head: await readHead(file) };
    if (only) return only.detect(sample) ? only : undefined;
    return detectProvider(sample);
  } catch {
    return undefined;
  }
}

/** A name with a session file's extension: the files a walk by content sniffs. */
export function looksLikeSessionFile(name: string): boolean {
  return SESSION_EXTENSIONS.has(path.extname(name).toLowerCase()) || name.endsWith('.chat.history.md') || name.toLowerCase().endsWith('.jsonl.zst');
}

/** Files with a session file's extension under a folder (symbolic links followed, each real folder once: safe-walk.ts). */
async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  const entries = await listDir(dir);
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) out.push(...(await walk(p)));
    } else if (e.isFile() && looksLikeSessionFile(e.name)) {
      out.push(p);
    }
  }
  return out;
}
