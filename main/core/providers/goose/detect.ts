/**
 * Recognises Goose sources: `sessions.db` (SQLite) in a `goose/sessions` folder, or a session
 * JSONL whose first line is Goose's session metadata (`{"working_dir", "description", …}`) or a
 * Goose message (`{"role", "created", "content": [{"type": …}]}`, camelCase content types).
 */
import path from 'node:path';
import type { DetectSample } from '../kit/provider';
import { firstLine } from '../kit/first-line';
import { isObject } from '../kit/json';

const CONTENT_TYPES = new Set(['text', 'image', 'toolRequest', 'toolResponse', 'thinking', 'redactedThinking', 'systemNotification', 'toolConfirmationRequest', 'actionRequired', 'frontendToolRequest']);

export function detectGoose(sample: DetectSample): boolean {
  if (path.basename(sample.path) === 'sessions.db') return sample.head.startsWith('SQLite format 3') && /goose[\\/]+(data[\\/]+)?sessions[\\/]/.test(sample.path);
  const { record } = firstLine(sample.head.trimStart());
  if (!isObject(record)) return false;
  if (typeof record.working_dir === 'string' && 'description' in record) return true;
  if ((record.role !== 'user' && record.role !== 'assistant') || typeof record.created !== 'number' || !Array.isArray(record.content)) return false;
  return record.content.every((c) => isObject(c) && typeof c.type === 'string' && CONTENT_TYPES.has(c.type));
}
