/** Recognises Zed's thread store by its name and the SQLite header, without opening it. */
import path from 'node:path';
import type { DetectSample } from '../kit/provider';
import { THREADS_DB } from './locate';

export function detectZedThreads(sample: DetectSample): boolean {
  return path.basename(sample.path) === THREADS_DB && sample.head.startsWith('SQLite format 3');
}
