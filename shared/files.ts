/** "Which conversations touched this file" and "which files did this conversation touch", as every surface shows them. */
import type { AgentId } from './agents';
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
}

export interface FilesAnswer {
  /** What was asked: a path, or a conversation. */
  readonly query: { readonly path: string } | { readonly conversationId: string };
  readonly entries: readonly FileTouchEntry[];
}
