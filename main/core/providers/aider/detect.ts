/** Recognises an aider chat history: its file name, or a first line that is a session header. */
import type { DetectSample } from '../kit/provider';

const HEADER = /^\s*# aider chat started at \d{4}-\d{2}-\d{2}/;

export function detectAiderHistory(sample: DetectSample): boolean {
  const base = sample.path.split(/[\\/]/).pop() ?? '';
  if (base === '.aider.chat.history.md') return true;
  return HEADER.test(sample.head);
}
