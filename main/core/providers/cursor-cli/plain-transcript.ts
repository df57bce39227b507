/**
 * Cursor's older plain-text agent transcripts (`agent-transcripts/<id>.txt`), as Cursor wrote
 * them before the JSONL ones. A block opens with a line `user:` or `assistant:` (`A:` in some
 * builds). User blocks hold the prompt wrapped in `<user_query>` with gathered context around it.
 * Assistant blocks mix answer text with marker lines:
 *
 *   [Thinking] one line of reasoning          (or a `<think>` … `</think>` span)
 *   [Tool call] Shell                          followed by `  key: value` argument lines
 *   [Tool result] Shell                        followed by the result's lines, if any were kept
 *
 * Each block is turned into the same content blocks the JSONL transcripts carry, so the builder
 * maps, splits and pairs them the one way it knows.
 */
import type { ParseContext } from '../kit/provider';
import { AssistantBlock } from './assistant-block';
import type { CursorBuilder } from './builder';

const ROLE_LINE = /^(user|assistant|A):\s*$/;

/** First line `user:` / `assistant:` / `A:`, and a marker only these transcripts write. */
export function looksLikePlainTranscript(head: string): boolean {
  const first = head.trimStart().split('\n', 1)[0];
  if (!ROLE_LINE.test(first)) return false;
  return head.includes('<user_query>') || /^\[(Tool call|Tool result|Thinking)\]/m.test(head) || /^assistant:\s*$/m.test(head);
}

/** Feeds every block to the builder; returns false when the file held no block at all. */
export async function readPlainTranscript(ctx: ParseContext, b: CursorBuilder): Promise<boolean> {
  const text = await ctx.readText((note) => b.warn(undefined, note));
  const lines = text.split(/\r?\n/);
  const reader = new BlockReader(b);
  let role: string | undefined;
  let start = 0;
  let inQuery = false;
  let blocks = 0;
  const flush = (end: number): void => {
    if (role !== undefined) reader.block(role, lines.slice(start + 1, end), start + 1);
  };
  lines.forEach((line, i) => {
    // A person may type `user:` on a line of their own: inside a query it is their text.
    if (line.includes('<user_query>')) inQuery = !line.includes('</user_query>');
    else if (inQuery && line.includes('</user_query>')) inQuery = false;
    const m = inQuery ? null : ROLE_LINE.exec(line);
    if (!m) {
      if (role === undefined && line.trim() !== '') {
        b.warn(i + 1, 'Text before the first user:/assistant: line kept as context');
        role = 'preamble';
        start = i - 1;
      }
      return;
    }
    flush(i);
    role = m[1] === 'A' ? 'assistant' : m[1];
    start = i;
    blocks += 1;
  });
  flush(lines.length);
  return blocks > 0;
}

/** One block's lines → builder messages; assistant blocks go to AssistantBlock. */
class BlockReader {
  constructor(private readonly b: CursorBuilder) {}

  block(role: string, lines: string[], lineNo: number): void {
    const raw = lines.join('\n').replace(/\s+$/, '');
    if (role === 'user' || role === 'preamble') {
      const src = { key: `L${lineNo}`, raw, lineNo };
      if (role === 'user') this.b.message(src, 'user', [{ type: 'text', text: raw }]);
      else this.b.message(src, 'system', [{ type: 'text', text: raw }]);
      return;
    }
    new AssistantBlock(this.b, lineNo).read(lines);
  }
}
