/**
 * Mark and sweep of the content store: content no blob file and no digest refers to is removed.
 * Every `.pb` file in the archive is marked (index rows' blobs, an unfinished eviction step's new
 * copy, files set aside in lost+found), and every digest's stored prompt text (it outlives the
 * thread: a stage-1 copy holds the prompt inline, a stage-2 one is rebuilt from the digest), so
 * content goes only once nothing could read it. Only the
 * writer (lock holder) may sweep: a sync writes content before the blob that refers to it.
 */
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { TEMP_DIR } from './blob-store';
import { contentRefsOf } from './codec';
import { CONTENT_DIR, contentRelativePath } from './content-store';
import type { ReadableIndex } from './db';
import { digestContentRefs } from './index-store/read-digests';

export interface ContentMark {
  /** Hashes some blob file or digest refers to. */
  readonly referenced: Set<string>;
  /** Blob files whose references could not be read: nothing is swept while there are any. */
  readonly unreadable: string[];
}

/** Read the references of every blob file in the archive, and of its digests. */
export function markContent(root: string, index: ReadableIndex): ContentMark {
  const referenced = new Set<string>(digestContentRefs(index));
  const unreadable: string[] = [];
  walk(root, '', (relative, full) => {
    if (!relative.endsWith('.pb')) return;
    try {
      for (const ref of contentRefsOf(readFileSync(full))) referenced.add(ref);
    } catch {
      unreadable.push(relative);
    }
  }, new Set([TEMP_DIR, CONTENT_DIR]));
  return { referenced, unreadable };
}

export interface StoredContent {
  readonly hash: string;
  /** Relative to the archive root. */
  readonly path: string;
  readonly bytes: number;
}

/** Every file in the content store. */
export function listContent(root: string): StoredContent[] {
  const found: StoredContent[] = [];
  walk(path.join(root, CONTENT_DIR), CONTENT_DIR, (relative, full) => {
    const hash = path.basename(relative, '.zst');
    if (/^[0-9a-f]{64}$/.test(hash) && relative === contentRelativePath(hash)) found.push({ hash, path: relative, bytes: statSync(full).size });
  });
  return found;
}

/** Stored content no blob file refers to. */
export function unreferencedContent(root: string, mark: ContentMark): StoredContent[] {
  return listContent(root).filter((c) => !mark.referenced.has(c.hash));
}

export interface ContentSweep {
  readonly removed: number;
  readonly bytes: number;
  /** Set when nothing was removed because some blob file could not be read. */
  readonly skipped?: string;
}

/** Remove the content no blob file refers to. A crash midway leaves only fewer files to remove. */
export function sweepContent(root: string, index: ReadableIndex): ContentSweep {
  const mark = markContent(root, index);
  if (mark.unreadable.length) {
    const named = mark.unreadable.slice(0, 3).join(', ') + (mark.unreadable.length > 3 ? `, and ${mark.unreadable.length - 3} more` : '');
    return { removed: 0, bytes: 0, skipped: `no stored content was removed: ${mark.unreadable.length} blob file(s) cannot be read to see what they refer to (${named})` };
  }
  let removed = 0;
  let bytes = 0;
  for (const c of unreferencedContent(root, mark)) {
    rmSync(path.join(root, c.path), { force: true });
    removed += 1;
    bytes += c.bytes;
  }
  return { removed, bytes };
}

function walk(dir: string, relative: string, visit: (relative: string, full: string) => void, skipTop?: ReadonlySet<string>): void {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    if (relative === '' && skipTop?.has(e.name)) continue;
    const rel = relative ? `${relative}/${e.name}` : e.name;
    const full = path.join(dir, e.name);
    if (e.isDirectory()) walk(full, rel, visit);
    else if (e.isFile()) visit(rel, full);
  }
}
