/**
 * One assistant block of a plain-text Cursor transcript → builder messages: answer text and
 * reasoning, tool calls with their `  key: value` arguments, then the results that answer them.
 */
import type { Json } from '../kit/json';
import type { CursorBuilder } from './builder';

const TOOL_CALL = /^\[Tool call\]\s*(.*)$/;
const TOOL_RESULT = /^\[Tool result\]\s*(.*)$/;
const THINKING = /^\[Thinking\]\s?(.*)$/;
const ARGUMENT = /^ {2}([A-Za-z_][\w.-]*):(?: (.*))?$/;
const THINK_OPEN = '<think>';
const THINK_CLOSE = '</think>';

interface PendingCall {
  name: string;
  input: Record<string, string>;
  last?: string;
  blanks: number;
}

export class AssistantBlock {
  private content: Json[] = [];
  private results: Json[] = [];
  private text: string[] = [];
  private call: PendingCall | undefined;
  private result: string[] | undefined;
  private think: string[] | undefined;
  private segmentStart: number;
  private segmentLines: string[] = [];

  constructor(
    private readonly b: CursorBuilder,
    private readonly firstLine: number,
  ) {
    this.segmentStart = firstLine;
  }

  read(lines: string[]): void {
    lines.forEach((line, i) => this.line(line, this.firstLine + i + 1));
    if (this.think) this.content.push({ type: 'thinking', thinking: this.think.join('\n').trim() });
    this.emitSegment(this.firstLine + lines.length + 1);
  }

  private line(line: string, lineNo: number): void {
    if (this.think) {
      this.thinkSpanLine(line);
      this.segmentLines.push(line);
      return;
    }
    const callMatch = TOOL_CALL.exec(line);
    const resultMatch = callMatch ? null : TOOL_RESULT.exec(line);
    // Inside results every line is result text, until a call or reasoning opens the next turn.
    if (this.result && (callMatch || THINKING.test(line) || line.trimStart().startsWith(THINK_OPEN))) this.emitSegment(lineNo);
    this.segmentLines.push(line);
    if (callMatch) {
      this.endText();
      this.endCall();
      this.call = { name: callMatch[1].trim() || 'tool', input: {}, blanks: 0 };
      return;
    }
    if (resultMatch) {
      this.endText();
      this.endCall();
      this.endResult();
      this.result = [];
      return;
    }
    if (this.result) {
      this.result.push(line);
      return;
    }
    if (this.call && this.argumentLine(this.call, line)) return;
    if (this.reasoningLine(line)) return;
    this.text.push(line);
  }

  /** True when the line belongs to the open call; any other line ends the call. */
  private argumentLine(call: PendingCall, line: string): boolean {
    if (line.trim() === '') {
      call.blanks += 1;
      return true;
    }
    const arg = ARGUMENT.exec(line);
    if (arg) {
      call.input[arg[1]] = arg[2] ?? '';
      call.last = arg[1];
      call.blanks = 0;
      return true;
    }
    if (line.startsWith('  ') && call.last !== undefined) {
      // A value that runs over several lines keeps going while the lines stay indented.
      call.input[call.last] += '\n'.repeat(call.blanks + 1) + line.slice(2);
      call.blanks = 0;
      return true;
    }
    this.endCall();
    return false;
  }

  /** A `[Thinking]` line, or a `<think>` span opening at the start of the line. */
  private reasoningLine(line: string): boolean {
    const thinking = THINKING.exec(line);
    if (thinking) {
      this.endText();
      if (thinking[1].trim()) this.content.push({ type: 'thinking', thinking: thinking[1].trim() });
      return true;
    }
    const open = line.indexOf(THINK_OPEN);
    if (open < 0 || line.slice(0, open).trim() !== '') return false;
    this.endText();
    this.think = [];
    this.thinkSpanLine(line.slice(open + THINK_OPEN.length));
    return true;
  }

  /** A line inside a `<think>` span: the span ends at `</think>`, text after it is answer text. */
  private thinkSpanLine(line: string): void {
    const think = this.think ?? [];
    const close = line.indexOf(THINK_CLOSE);
    if (close < 0) {
      think.push(line);
      return;
    }
    think.push(line.slice(0, close));
    this.content.push({ type: 'thinking', thinking: think.join('\n').trim() });
    this.think = undefined;
    const after = line.slice(close + THINK_CLOSE.length);
    if (after.trim()) this.text.push(after);
  }

  private endText(): void {
    const joined = this.text.join('\n').trim();
    if (joined) this.content.push({ type: 'text', text: joined });
    this.text = [];
  }

  private endCall(): void {
    if (this.call) this.content.push({ type: 'tool_use', name: this.call.name, input: this.call.input });
    this.call = undefined;
  }

  private endResult(): void {
    if (this.result) this.results.push({ type: 'tool_result', content: this.result.join('\n').trim() });
    this.result = undefined;
  }

  /** Results end the assistant turn they answer: what follows is a new message. */
  private emitSegment(nextStart: number): void {
    this.endText();
    this.endCall();
    this.endResult();
    this.emit('assistant', this.content);
    this.emit('tool', this.results);
    this.content = [];
    this.results = [];
    this.segmentStart = nextStart;
    this.segmentLines = [];
  }

  private emit(role: 'assistant' | 'tool', blocks: Json[]): void {
    if (!blocks.length) return;
    const raw = this.segmentLines.join('\n').replace(/\s+$/, '');
    this.b.message({ key: `L${this.segmentStart}`, raw, lineNo: this.segmentStart }, role, blocks);
  }
}
