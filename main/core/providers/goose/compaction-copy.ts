/**
 * A compaction in the middle of a tool loop (context_mgmt compact_messages) hides every earlier
 * message from the model (`agentVisible: false`), adds its summary (`userVisible: false`), and
 * gives the model a fresh copy of the person's latest prompt. That copy is the first user row
 * straight after the summary rows, saying what the last prompt before them said, while that
 * prompt is still shown to the person: Goose's, not typed again. When the prompt itself was
 * hidden from both (compacted right after it was typed), the copy is all the person sees of it:
 * then it is theirs.
 */
import type { GooseMessage } from './content';

/** The indexes in `source` of the rows that are such copies. */
export function compactionCopies(source: readonly GooseMessage[]): Set<number> {
  const copies = new Set<number>();
  source.forEach((m, i) => {
    if (m.role !== 'user' || m.metadata?.userVisible === false || m.metadata?.agentVisible === false) return;
    let j = i - 1;
    while (j >= 0 && source[j].metadata?.userVisible === false) j -= 1;
    if (j === i - 1) return; // no summary right before it
    const text = textOf(m);
    if (!text.trim()) return;
    for (let k = j; k >= 0; k -= 1) {
      const earlier = source[k];
      if (earlier.role !== 'user' || !textOf(earlier).trim()) continue;
      // The last prompt before the summary: still shown to the person, hidden from the model.
      if (textOf(earlier) === text && earlier.metadata?.agentVisible === false && earlier.metadata?.userVisible !== false) copies.add(i);
      return;
    }
  });
  return copies;
}

function textOf(m: GooseMessage): string {
  return m.content.map((c) => (typeof c === 'object' && c !== null && (c as { type?: unknown }).type === 'text' ? String((c as { text?: unknown }).text ?? '') : '')).join('\n');
}
