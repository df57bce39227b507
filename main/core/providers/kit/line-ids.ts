/**
 * Message ids from line numbers: `L12` for the first message a line yields, `L12.1`, `L12.2`
 * for more. Stable across syncs (the same file gives the same ids), so merges and live
 * appends recognise messages they have seen.
 */
export class LineIds {
  private lastLine = -1;
  private onLine = 0;

  next(lineNo: number): string {
    if (lineNo !== this.lastLine) {
      this.lastLine = lineNo;
      this.onLine = 0;
      return `L${lineNo}`;
    }
    this.onLine += 1;
    return `L${lineNo}.${this.onLine}`;
  }
}
