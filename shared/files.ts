/** "Which conversations touched this file" and "which files did this conversation touch", as every surface shows them. */
import type { AgentId } from './agents';
import type { FileDiff } from './diff';
import type { FileAction } from './tool-files';

export interface FileTouchEntry {
  readonly conversationId: string;
  readonly agent: AgentId;
  readonly workspace: string;
  readonly title: string;
  readonly startedAt?: string;
  readonly gitBranch?: string;
  /** The absolute path as that conversation recorded it. */
  readonly path: string;
  readonly actions: readonly FileAction[];
  readonly calls: number;
  /** Asked for (`--diffs`): this conversation's edits to the file, in order; absent when its thread is gone. */
  readonly diffs?: readonly FileEditDiff[];
}

/** One tool call's edit of one file, as a diff. */
export interface FileEditDiff {
  /** The message holding the call (to open the thread there). */
  readonly messageIndex: number;
  readonly timestamp?: string;
  /** The tool as the agent named it (Edit, MultiEdit, Write, apply_patch, …). */
  readonly tool: string;
  readonly diff: FileDiff;
}

export interface FilesAnswer {
  /** What was asked: a path, or a conversation. */
  readonly query: { readonly path: string } | { readonly conversationId: string };
  readonly entries: readonly FileTouchEntry[];
}
