/** Every blob file in an archive folder: `**\/*.pb`, but not what the archive keeps apart. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { TEMP_DIR } from '../archive/blob-store';
import { CONTENT_DIR } from '../archive/content-store';

/** Where verify moves blob files no conversation points at (never deleted: someone may want them). */
export const LOST_AND_FOUND = 'lost+found';
/** Top-level folders that hold no archived conversation: half-written temp files, stored content, live captures, set-aside files. */
const NOT_BLOBS = new Set([TEMP_DIR, CONTENT_DIR, 'captures', LOST_AND_FOUND]);

/** Blob paths relative to `root`, with `/`, sorted. */
export function listBlobFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, relative: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (relative === '' && NOT_BLOBS.has(e.name)) continue;
      const rel = relative ? `${relative}/${e.name}` : e.name;
      if (e.isDirectory()) walk(path.join(dir, e.name), rel);
      else if (e.isFile() && e.name.endsWith('.pb')) found.push(rel);
    }
  };
  walk(root, '');
  return found.sort();
}
