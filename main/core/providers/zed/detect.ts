/** Recognises Zed's thread store by its name and the SQLite header, without opening it; or a text thread. */
import path from 'node:path';
import type { DetectSample } from '../kit/provider';
import { THREADS_DB } from './locate';
import { TEXT_THREAD_SUFFIX } from './text-thread';

/** A text thread: `*.zed.json` whose JSON says `"zed": "context"` (`SavedContext`). */
const TEXT_THREAD_HEAD = /"zed"\s*:\s*"context"/;

export function detectZedThreads(sample: DetectSample): boolean {
  if (sample.path.endsWith(TEXT_THREAD_SUFFIX)) return TEXT_THREAD_HEAD.test(sample.head);
  return path.basename(sample.path) === THREADS_DB && sample.head.startsWith('SQLite format 3');
}
