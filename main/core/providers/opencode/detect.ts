/** Recognises OpenCode sources from their first bytes and name, without parsing them. */
import path from 'node:path';
import type { DetectSample } from '../kit/provider';

const DB_NAME = /^opencode(-[\w.-]+)?\.db$/i;
const EXPORT_HEAD = /^\{\s*"info"\s*:\s*\{/;
const SESSION_INFO_HEAD = /^\{\s*"id"\s*:\s*"ses_/;
const SESSION_ID = /"id"\s*:\s*"ses_/;
const SESSION_FIELD = /"(projectID|directory|slug)"\s*:/;

export function detectOpenCode(sample: DetectSample): boolean {
  if (DB_NAME.test(path.basename(sample.path))) return sample.head.startsWith('SQLite format 3');
  const head = sample.head.trimStart();
  if (!head.startsWith('{')) return false;
  // Session info comes first in both shapes and is small: look only at the start.
  const start = head.slice(0, 4096);
  if (EXPORT_HEAD.test(start)) return SESSION_ID.test(start) && SESSION_FIELD.test(start);
  return SESSION_INFO_HEAD.test(start) && /"projectID"\s*:/.test(start);
}
