/**
 * Closes JSON text that was cut short (the last line of a file the agent stopped writing
 * mid-record), so what it holds up to the cut can be kept: a prompt cut mid-sentence keeps the
 * words before the cut instead of vanishing with the line.
 */

/** Places to try cutting at, nearest the end first; more is rarely useful and costs parses. */
const MAX_TRIES = 64;

/**
 * The text closed into JSON that parses: an open string ended where it stops, or else the
 * text cut back to its last complete member or element, then every open object and array
 * closed. Undefined when no such place is found.
 */
export function closeCutJson(text: string): string | undefined {
  const stack: string[] = [];
  /** Where a cut leaves whole JSON once closed: the text before `at`, with these closers. */
  const cuts: { at: number; closers: string }[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      stack.push(c === '{' ? '}' : ']');
      cuts.push({ at: i + 1, closers: closers(stack) });
    } else if (c === '}' || c === ']') stack.pop();
    else if (c === ',') cuts.push({ at: i, closers: closers(stack) });
    if (cuts.length > MAX_TRIES * 2) cuts.splice(0, MAX_TRIES);
  }
  if (stack.length === 0 && !inString) return undefined; // not cut inside a value: nothing to close
  const tries: string[] = [];
  if (inString) tries.push(`${text.replace(/\\(u[0-9a-fA-F]{0,3})?$/, '')}"${closers(stack)}`);
  tries.push(`${text.replace(/\s+$/, '')}${closers(stack)}`);
  for (const cut of cuts.slice(-MAX_TRIES).reverse()) tries.push(`${text.slice(0, cut.at)}${cut.closers}`);
  for (const attempt of tries) {
    try {
      JSON.parse(attempt);
      return attempt;
    } catch {
      // try cutting further back
    }
  }
  return undefined;
}

function closers(stack: readonly string[]): string {
  return [...stack].reverse().join('');
}
