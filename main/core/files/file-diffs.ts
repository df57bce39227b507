/**
 * A conversation's edits to one file, as diffs: each tool call that edited, wrote or patched it
 * (Claude Edit/MultiEdit/Write and their kin, Codex apply_patch hunks), turned into a diff the
 * as every surface does (shared/describe-tool.ts), its path made absolute against the
 * conversation's cwd as the digest's file touches are.
 */
import type { FileEditDiff } from '../../../shared/files';
import type { Conversation } from '../../../shared/record';
import { describeTool } from '../../../shared/describe-tool';
import { absolutePath } from '../../../shared/tool-files';

export function editsToFile(c: Conversation, path: string): FileEditDiff[] {
  const out: FileEditDiff[] = [];
  c.messages.forEach((m, messageIndex) => {
    for (const p of m.parts) {
      if (p.type !== 'tool_call') continue;
      const { view } = describeTool(p.name, p.arguments);
      for (const diff of view.kind === 'diff' ? view.files : []) {
        // A patch that moves a file edits it under both names.
        const paths = [diff.path, ...(diff.movedTo ? [diff.movedTo] : [])].filter(Boolean).map((f) => absolutePath(f, c.cwd));
        if (paths.includes(path)) out.push({ messageIndex, ...(m.timestamp ? { timestamp: m.timestamp } : {}), tool: p.name, diff });
      }
    }
  });
  return out;
}
