/** Recognises a Crush database: `crush.db` with the SQLite header. */
import path from 'node:path';
import type { DetectSample } from '../kit/provider';

export function detectCrush(sample: DetectSample): boolean {
  return path.basename(sample.path) === 'crush.db' && sample.head.startsWith('SQLite format 3');
}
