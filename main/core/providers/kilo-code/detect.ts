/**
 * Recognises Kilo Code sources: a `kilo*.db` SQLite store, or OpenCode-format JSON / a channel
 * database inside Kilo's data dir (`…/kilo/`). Asked before OpenCode, whose format it shares.
 */
import path from 'node:path';
import type { DetectSample } from '../kit/provider';
import { isOpenCodeJson, isSqlite } from '../kit/opencode-family/detect';

const KILO_DB = /^kilo(-[\w.-]+)?\.db$/i;
const CHANNEL_DB = /^opencode-[\w.-]+\.db$/i;
const IN_KILO_DATA = /[\\/]kilo[\\/]/;

export function detectKilo(sample: DetectSample): boolean {
  const name = path.basename(sample.path);
  if (KILO_DB.test(name)) return isSqlite(sample.head);
  if (!IN_KILO_DATA.test(sample.path)) return false;
  if (CHANNEL_DB.test(name)) return isSqlite(sample.head);
  return isOpenCodeJson(sample.head);
}
