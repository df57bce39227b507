/** Recognises a Hermes Agent store by its name, its folder and the SQLite header, without opening it. */
import path from 'node:path';
import type { DetectSample } from '../kit/provider';
import { STATE_DB } from './locate';

export function detectHermes(sample: DetectSample): boolean {
  return path.basename(sample.path) === STATE_DB && /[\\/]\.hermes([\\/]|$)/.test(path.dirname(sample.path)) && sample.head.startsWith('SQLite format 3');
}
