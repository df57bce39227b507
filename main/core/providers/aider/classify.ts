/**
 * Classifies the lines of `.aider.chat.history.md` as aider writes them (aider/io.py):
 * a session header `# aider chat started at …`; the person's input as `#### ` lines (every
 * line ends with two spaces, aider's Markdown line break); harness/tool output as `> `
 * lines (also ending with two spaces — a multi-line message continues unprefixed until a
 * line that does); anything else is the model's reply, written raw. Code fences and
 * reasoning blocks in a reply are tracked so a `#### ` heading inside them is not a prompt.
 */

export type LineType = 'header' | 'prompt' | 'output' | 'text' | 'blank';

export const HEADER = /^# aider chat started at (.*?)\s*$/;
const FENCE = /^\s*(```|~~~)/;
const THINK_OPEN = /^\s*<(thinking-content-[0-9a-f]+|think|thinking|reasoning)>\s*$/;
const THINK_CLOSE = /^\s*<\/(thinking-content-[0-9a-f]+|think|thinking|reasoning)>\s*$/;

export class LineClassifier {
  private fence = false;
  private thinking = false;
  /** Inside a multi-line harness message whose first line had no closing line break. */
  private continuation = false;
  private last: LineType = 'blank';
  /** `#### ` lines read as reply text because a fence was open (reported as a warning). */
  swallowed = 0;
  fenceOpenedAt?: number;

  classify(line: string, lineNo: number): LineType {
    const type = this.type(line, lineNo);
    if (type !== 'blank') this.last = type;
    return type;
  }

  /** At a new session every open structure ends. */
  reset(): void {
    this.fence = false;
    this.thinking = false;
    this.continuation = false;
    this.swallowed = 0;
    this.fenceOpenedAt = undefined;
    this.last = 'blank';
  }

  get inFence(): boolean {
    return this.fence;
  }

  private type(line: string, lineNo: number): LineType {
    if (HEADER.test(line)) {
      this.reset();
      return 'header';
    }
    const isPrompt = line.startsWith('#### ') || line === '####';
    const isOutput = line.startsWith('> ') || line === '>';
    const hardBreak = line.endsWith('  ');
    if (this.continuation) {
      if (!isPrompt && !isOutput) {
        if (hardBreak) this.continuation = false;
        return line.trim() ? 'output' : 'blank';
      }
      this.continuation = false;
    }
    if (!line.trim()) return 'blank';
    const enclosed = this.fence || this.thinking;
    if (isPrompt) {
      // aider ends every input line with a hard break; a reply's heading inside a fence does not.
      if (!enclosed || hardBreak) {
        this.close();
        return 'prompt';
      }
      this.swallowed += 1;
      return 'text';
    }
    if (isOutput) {
      if (enclosed && !hardBreak) return 'text';
      // A `> ` line without the hard break in the middle of a reply is the reply's own quote.
      if (!enclosed && !hardBreak && this.last === 'text') return 'text';
      this.close();
      if (!hardBreak) this.continuation = true;
      return 'output';
    }
    if (FENCE.test(line)) {
      this.fence = !this.fence;
      this.fenceOpenedAt = this.fence ? lineNo : undefined;
    } else if (!this.fence && THINK_OPEN.test(line)) this.thinking = true;
    else if (!this.fence && THINK_CLOSE.test(line)) this.thinking = false;
    return 'text';
  }

  /** Harness lines always come after the reply is complete: whatever it left open is closed. */
  private close(): void {
    this.fence = false;
    this.thinking = false;
    this.fenceOpenedAt = undefined;
  }
}
