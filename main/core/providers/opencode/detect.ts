/** Recognises OpenCode sources from their first bytes and name, without parsing them. */
import path from 'node:path';
import type { DetectSample } from '../kit/provider';
import { isOpenCodeJson, isSqlite } from '../kit/opencode-family/detect';

const DB_NAME = /^opencode(-[\w.-]+)?\.db$/i;

export function detectOpenCode(sample: DetectSample): boolean {
  if (DB_NAME.test(path.basename(sample.path))) return isSqlite(sample.head);
  return isOpenCodeJson(sample.head);
}
