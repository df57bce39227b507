/**
 * Aider keeps no central store: it writes `.aider.chat.history.md` into the repo it ran in.
 * A cheap, bounded walk looks for that file in the home, its children and grandchildren
 * (and one level deeper under conventional project folders such as `~/code/<org>/<repo>`),
 * never descending into hidden folders, dependency trees or OS folders. Files anywhere else
 * can still be added with `dejavu import`.
 */
import path from 'node:path';
import { keepUnlessCredential, listDir } from '../kit/walk';

const HISTORY = '.aider.chat.history.md';
const MAX_DEPTH = 2;
/** Folders people keep many repos in: one more level is searched under these. */
const PROJECT_ROOTS = /^(code|src|source|projects?|dev|work|workspace|workspaces|repos?|git|github|gitlab|sites|documents|desktop)$/i;
const SKIP = new Set(['node_modules', 'Library', 'AppData', 'Applications', 'vendor', 'venv', 'target', 'dist', 'build', '__pycache__', 'snap']);
/** Stop after this many folders: the walk must stay cheap on a large home. */
const MAX_DIRS = 20000;

export async function locateAiderHistories(home: string): Promise<string[]> {
  const found = new Set<string>();
  const budget = { dirs: 0 };
  await walk(path.resolve(home), 0, MAX_DEPTH, found, budget);
  return [...found].sort();
}

async function walk(dir: string, depth: number, maxDepth: number, found: Set<string>, budget: { dirs: number }): Promise<void> {
  if (budget.dirs >= MAX_DIRS) return;
  budget.dirs += 1;
  const entries = await listDir(dir);
  for (const entry of entries) {
    if (entry.isFile() && entry.name === HISTORY && keepUnlessCredential(path.join(dir, entry.name))) found.add(path.join(dir, entry.name));
  }
  if (depth >= maxDepth) return;
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith('.') || SKIP.has(entry.name)) continue;
    const deeper = PROJECT_ROOTS.test(entry.name) ? maxDepth + 1 : maxDepth;
    await walk(path.join(dir, entry.name), depth + 1, Math.max(maxDepth, deeper), found, budget);
  }
}
