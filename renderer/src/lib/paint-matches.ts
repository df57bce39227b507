/**
 * Highlights found terms in the rendered rows with the CSS Custom Highlight API: ranges over the
 * text as rendered (Markdown, highlighted code), so no component has to split its text for it.
 */
import { matchRanges, type Occurrence } from './find';

const ALL = 'dejavu-find';
const CURRENT = 'dejavu-find-current';
/** Chrome around the transcript text: labels, buttons, summaries. Not searched. */
const SKIP = 'button:not(.injected), summary, .msg-head, .msg-foot, .tool-result-label, .code-label, .code-copy, .sr-only';

function supported(): boolean {
  return typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight !== 'undefined';
}

/** The ranges of every occurrence in one rendered row, in document order. */
function rowRanges(row: Element, terms: readonly string[]): Range[] {
  const nodes: Text[] = [];
  const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => (n.parentElement?.closest(SKIP) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
  // One string over the row's text nodes, so a term split across highlighted tokens still matches.
  const starts: number[] = [];
  let text = '';
  for (const n of nodes) {
    starts.push(text.length);
    text += n.data;
  }
  const at = (pos: number, end: boolean): [Text, number] => {
    let lo = 0;
    let hi = nodes.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] < pos || (!end && starts[mid] === pos)) lo = mid;
      else hi = mid - 1;
    }
    return [nodes[lo], pos - starts[lo]];
  };
  return matchRanges(text, terms).map(([s, e]) => {
    const r = document.createRange();
    r.setStart(...at(s, false));
    r.setEnd(...at(e, true));
    return r;
  });
}

/**
 * Paint every occurrence in the rows now rendered under `root`, and the current one apart.
 * Returns the current occurrence's range when its row is rendered.
 */
export function paintMatches(root: Element, terms: readonly string[], current?: Occurrence): Range | undefined {
  if (!supported()) return undefined;
  const all: Range[] = [];
  let focus: Range | undefined;
  if (terms.length) {
    for (const row of root.querySelectorAll('.row[data-index]')) {
      const ranges = rowRanges(row, terms);
      all.push(...ranges);
      if (current && Number(row.getAttribute('data-index')) === current.row && ranges.length) focus = ranges[Math.min(current.nth, ranges.length - 1)];
    }
  }
  CSS.highlights.set(ALL, new Highlight(...all));
  if (focus) CSS.highlights.set(CURRENT, new Highlight(focus));
  else CSS.highlights.delete(CURRENT);
  return focus;
}

export function clearMatches(): void {
  if (!supported()) return;
  CSS.highlights.delete(ALL);
  CSS.highlights.delete(CURRENT);
}
