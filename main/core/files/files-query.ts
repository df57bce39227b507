/**
 * Files and the conversations that touched them, from the digests (so the answer outlives the
 * threads): every conversation whose tool calls read, edited, wrote, patched or deleted a path,
 * or every path one conversation touched.
 */
import type { FileTouchEntry, FilesAnswer } from '../../../shared/files';
import type { FileAction } from '../../../shared/tool-files';
import type { ReadableIndex } from '../archive/db';
import { type FileTouchRow, touchesOfConversation, touchesOfPath } from '../archive/index-store/read-file-touches';

/** Conversations that touched `path` (a path condition: archive/index-store/read-file-touches.ts), newest first. */
export function conversationsTouching(db: ReadableIndex, absolute: string, typed: string = absolute): FilesAnswer {
  return { query: { path: absolute }, entries: touchesOfPath(db, absolute, typed).map(entry) };
}

/** Every file one conversation touched, in the order first touched. */
export function filesOfConversation(db: ReadableIndex, conversationId: string): FilesAnswer {
  return { query: { conversationId }, entries: touchesOfConversation(db, conversationId).map(entry) };
}

function entry(r: FileTouchRow): FileTouchEntry {
  return {
    conversationId: r.conversationId,
    agent: r.agent,
    workspace: r.workspace,
    title: r.title ?? r.firstPrompt?.split('\n')[0]?.slice(0, 120) ?? r.conversationId,
    startedAt: r.startedAt ?? undefined,
    gitBranch: r.gitBranch ?? undefined,
    path: r.path,
    actions: JSON.parse(r.actions) as FileAction[],
    calls: r.calls,
  };
}
