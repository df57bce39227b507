/**
 * Finds Droid sessions under a home: `.factory/sessions/<encoded-cwd>/<id>.jsonl` (and the
 * flat `.factory/sessions/<id>.jsonl` of early versions). Only `*.jsonl` names are returned: the
 * `<id>.settings.json` sidecars are read by the parser for the model and token totals, and nothing
 * else in `.factory` (settings, auth, mcp config) is ever opened.
 */
import path from 'node:path';
import { keepUnlessCredential, listDir } from '../../capture/safe-walk';

const MAX_DEPTH = 3;

export async function locateDroid(home: string): Promise<string[]> {
  const found: string[] = [];
  await collect(path.join(home, '.factory', 'sessions'), 0, found);
  return found.filter(keepUnlessCredential).sort();
}

async function collect(dir: string, depth: number, found: string[]): Promise<void> {
  for (const entry of await listDir(dir)) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (depth < MAX_DEPTH) await collect(full, depth + 1, found);
    } else if (entry.isFile() && entry.name.endsWith('.jsonl')) {
      found.push(full);
    }
  }
}
