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
import type { Json } from '../kit/json';
import type { ParseContext } from '../kit/provider';
import type { CursorBuilder } from './builder';

const ROLE_LINE = /^(user|assistant|A):\s*$/;
const TOOL_CALL = /^\[Tool call\]\s*(.*)$/;
const TOOL_RESULT = /^\[Tool result\]\s*(.*)$/;
const THINKING = /^\[Thinking\]\s?(.*)$/;
const ARGUMENT = /^ {2}([A-Za-z_][\w.-]*):(?: (.*))?$/;

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

/** One block's lines → builder messages: text and reasoning, tool calls, then their results. */
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
    this.assistant(lines, lineNo);
  }

  private assistant(lines: string[], firstLine: number): void {
    let content: Json[] = [];
    let results: Json[] = [];
    let text: string[] = [];
    let call: { name: string; input: Record<string, string>; last?: string; blanks: number } | undefined;
    let result: string[] | undefined;
    let think: string[] | undefined;
    let segmentStart = firstLine;
    let segmentLines: string[] = [];

    const endText = (): void => {
      const joined = text.join('\n').trim();
      if (joined) content.push({ type: 'text', text: joined });
      text = [];
    };
    const endCall = (): void => {
      if (call) content.push({ type: 'tool_use', name: call.name, input: call.input });
      call = undefined;
    };
    const endResult = (): void => {
      if (result) results.push({ type: 'tool_result', content: result.join('\n').trim() });
      result = undefined;
    };
    const emit = (role: 'assistant' | 'tool', blocks: Json[]): void => {
      if (!blocks.length) return;
      this.b.message({ key: `L${segmentStart}`, raw: segmentLines.join('\n').replace(/\s+$/, ''), lineNo: segmentStart }, role, blocks);
    };
    /** Results end the assistant turn they answer: what follows is a new message. */
    const emitSegment = (nextStart: number): void => {
      endText();
      endCall();
      endResult();
      emit('assistant', content);
      emit('tool', results);
      content = [];
      results = [];
      segmentStart = nextStart;
      segmentLines = [];
    };

    lines.forEach((line, i) => {
      const lineNo = firstLine + i + 1;
      if (think) {
        const close = line.indexOf('</think>');
        if (close < 0) think.push(line);
        else {
          think.push(line.slice(0, close));
          content.push({ type: 'thinking', thinking: think.join('\n').trim() });
          think = undefined;
          const after = line.slice(close + '</think>'.length);
          if (after.trim()) text.push(after);
        }
        segmentLines.push(line);
        return;
      }
      const callMatch = TOOL_CALL.exec(line);
      const resultMatch = callMatch ? null : TOOL_RESULT.exec(line);
      // Inside results every line is result text, until a call or reasoning opens the next turn.
      if (result && (callMatch || THINKING.test(line) || line.trimStart().startsWith('<think>'))) emitSegment(lineNo);
      segmentLines.push(line);
      if (callMatch) {
        endText();
        endCall();
        call = { name: callMatch[1].trim() || 'tool', input: {}, blanks: 0 };
        return;
      }
      if (resultMatch) {
        endText();
        endCall();
        endResult();
        result = [];
        return;
      }
      if (result) {
        result.push(line);
        return;
      }
      if (call) {
        if (line.trim() === '') {
          call.blanks += 1;
          return;
        }
        const arg = ARGUMENT.exec(line);
        if (arg) {
          call.input[arg[1]] = arg[2] ?? '';
          call.last = arg[1];
          call.blanks = 0;
          return;
        }
        if (line.startsWith('  ') && call.last !== undefined) {
          // A value that runs over several lines keeps going while the lines stay indented.
          call.input[call.last] += '\n'.repeat(call.blanks + 1) + line.slice(2);
          call.blanks = 0;
          return;
        }
        endCall();
      }
      const thinking = THINKING.exec(line);
      if (thinking) {
        endText();
        if (thinking[1].trim()) content.push({ type: 'thinking', thinking: thinking[1].trim() });
        return;
      }
      const open = line.indexOf('<think>');
      if (open >= 0 && line.slice(0, open).trim() === '') {
        endText();
        think = [];
        const rest = line.slice(open + '<think>'.length);
        const close = rest.indexOf('</think>');
        if (close < 0) think.push(rest);
        else {
          content.push({ type: 'thinking', thinking: rest.slice(0, close).trim() });
          think = undefined;
          if (rest.slice(close + '</think>'.length).trim()) text.push(rest.slice(close + '</think>'.length));
        }
        return;
      }
      text.push(line);
    });
    if (think) content.push({ type: 'thinking', thinking: think.join('\n').trim() });
    emitSegment(firstLine + lines.length + 1);
  }
}
