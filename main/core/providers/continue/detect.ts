/**
 * Recognises a Continue session file: one JSON object (`Session`: `sessionId`, `title`,
 * `workspaceDirectory`, `history: ChatHistoryItem[]`), whose history items are
 * `{message, contextItems, …}`. The index `sessions.json` is an array and never matches.
 */
import type { DetectSample } from '../kit/provider';

export function detectContinueSession(sample: DetectSample): boolean {
  const head = sample.head.trimStart();
  if (!head.startsWith('{')) return false;
  if (!/"history"\s*:\s*\[/.test(head) || !/"(sessionId|workspaceDirectory)"\s*:/.test(head)) return false;
  // An empty history, or items shaped like ChatHistoryItem.
  return /"history"\s*:\s*\[\s*\]/.test(head) || /"contextItems"\s*:/.test(head);
}
