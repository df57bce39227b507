/** The content store against the blobs and digests: stored content none of them refers to (references that do not resolve are check-blobs.ts's). */
import { markContent, unreferencedContent } from '../archive/content-sweep';
import type { ReadableIndex } from '../archive/db';
import { type Finding, problem } from './findings';

export function checkContent(root: string, index: ReadableIndex): Finding[] {
  const mark = markContent(root, index);
  // Without every blob's references, nothing can be called unreferenced.
  if (mark.unreadable.length) return [];
  return unreferencedContent(root, mark).map((c) =>
    problem('unreferenced-content', `${c.path} (${c.bytes} bytes) is stored content no conversation refers to any more.`, { path: c.path, fix: { type: 'sweep-content' } }),
  );
}
