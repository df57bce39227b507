/**
 * The digest's files: every path a conversation's tool calls read, edited, wrote, patched or
 * deleted, made absolute against its working directory, with what was done to it and how often.
 * What "which conversations touched this file" answers from, after the thread is gone.
 */
import type { Conversation, ToolCallPart } from '../../../shared/record';
import { absolutePath, type FileAction, type FileTouch, fileTouchesOf } from '../../../shared/tool-files';

export interface FileTouchFact {
  /** Absolute (resolved against the conversation's cwd when the agent wrote it relative). */
  readonly path: string;
  /** Every distinct action, in the order first seen. */
  readonly actions: FileAction[];
  /** Tool calls that touched it. */
  readonly calls: number;
}

/** Keeps the digest small on a conversation that walked a whole tree. */
export const MAX_FILE_FACTS = 500;

/** `touchesOf`: the files a tool call touched (digest.ts works them out once per call for every fact). */
export function fileFacts(c: Conversation, touchesOf: (call: ToolCallPart) => readonly FileTouch[] = (call) => fileTouchesOf(call.name, call.arguments)): FileTouchFact[] {
  const byPath = new Map<string, { path: string; actions: FileAction[]; calls: number }>();
  for (const m of c.messages) {
    for (const p of m.parts) {
      if (p.type !== 'tool_call') continue;
      for (const touch of touchesOf(p)) {
        const path = absolutePath(touch.path, c.cwd);
        let fact = byPath.get(path);
        if (!fact) {
          if (byPath.size >= MAX_FILE_FACTS) continue;
          fact = { path, actions: [], calls: 0 };
          byPath.set(path, fact);
        }
        fact.calls += 1;
        if (!fact.actions.includes(touch.action)) fact.actions.push(touch.action);
      }
    }
  }
  return [...byPath.values()];
}
