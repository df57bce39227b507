/** The archive's size on disk: every file under its folder. */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export function archiveDiskBytes(root: string): number {
  let total = 0;
  let entries;
  try {
    entries = readdirSync(root, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    const p = path.join(root, e.name);
    if (e.isDirectory()) total += archiveDiskBytes(p);
    else if (e.isFile()) total += statSync(p).size;
  }
  return total;
}
