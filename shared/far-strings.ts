/**
 * A string too large to hold, left where it is (a huge line's tool output in its source file) and
 * stood for by a short stand-in string until the archive writes it: the codec streams it into the
 * content store, the search rows and the digest read only its head, tail and identifiers
 * (main/core/README.md, "One huge session file"). The stand-in holds a NUL and this process's
 * own random tag, so no text read from a file can pass for one.
 */

/** A far string's text, read again in slices (~1 MiB, never between a surrogate pair's halves) each time it is asked for. */
export interface FarText {
  slices(): Iterable<string>;
}

const TAG = Array.from({ length: 4 }, () => Math.floor(Math.random() * 2 ** 32).toString(36)).join('');
const STAND_IN = new RegExp(`\\u0000far:${TAG}:\\d+\\u0000`, 'g');
/** The same, as it is written inside a JSON string (where a NUL is `\u0000`). */
const STAND_IN_ESCAPED = new RegExp(`\\\\u0000far:${TAG}:\\d+\\\\u0000`, 'g');

const byStandIn = new Map<string, FarText>();
const byKey = new Map<string, string>();

/** The stand-in for the far string known by `key` (one stand-in per key, so reading it again gives the same one). */
export function farString(key: string, text: FarText): string {
  let standIn = byKey.get(key);
  if (standIn === undefined) {
    standIn = `\u0000far:${TAG}:${byKey.size}\u0000`;
    byKey.set(key, standIn);
  }
  byStandIn.set(standIn, text);
  return standIn;
}

/** The far text a string stands for, or undefined for an ordinary string. */
export function farText(s: string): FarText | undefined {
  return s.length < 64 && s.charCodeAt(0) === 0 ? byStandIn.get(s) : undefined;
}

/** Whether `s` holds a stand-in anywhere (as itself, or JSON-escaped inside a JSON text). */
export function holdsFarString(s: string): boolean {
  if (!s.includes('far:')) return false;
  STAND_IN.lastIndex = 0;
  STAND_IN_ESCAPED.lastIndex = 0;
  return STAND_IN.test(s) || STAND_IN_ESCAPED.test(s);
}

/** The stand-ins written inside a JSON text (a native record), each once. */
export function farStringsIn(json: string): string[] {
  if (!json.includes('far:')) return [];
  return [...new Set([...json.matchAll(STAND_IN_ESCAPED)].map((m) => JSON.parse(`"${m[0]}"`) as string))];
}

/** The same, one capture group: what `split` keeps between the pieces it cuts. */
const STAND_IN_ESCAPED_CUT = new RegExp(`(\\\\u0000far:${TAG}:\\d+\\\\u0000)`);

/**
 * `json` (a JSON text: a native record) with each stand-in written in it replaced by `far`'s text
 * for it, JSON-escaped, and the text between them by `between`'s.
 */
export function mapFarStringsIn(json: string, far: (standIn: string) => string, between: (text: string) => string = (text) => text): string {
  return json
    .split(STAND_IN_ESCAPED_CUT)
    .map((piece, i) => (i % 2 ? JSON.stringify(far(JSON.parse(`"${piece}"`) as string)).slice(1, -1) : between(piece)))
    .join('');
}

/** A far string as one string: for the rare reader that needs it whole (a blob written without a content store). */
export function wholeFarText(text: FarText): string {
  return [...text.slices()].join('');
}

/** The first `n` characters of a string, far or not (a far one is read only as far as needed). */
export function headOf(s: string, n: number): string {
  const far = farText(s);
  if (!far) return s.slice(0, n);
  let head = '';
  for (const slice of far.slices()) {
    head += slice;
    if (head.length >= n) break;
  }
  return head.slice(0, n);
}

/** Whether `s` holds a stand-in as itself (not JSON-escaped): a far string, or a native record read with them. */
function holdsRawFarString(s: string): boolean {
  if (!s.includes('\u0000far:')) return false;
  STAND_IN.lastIndex = 0;
  const holds = STAND_IN.test(s);
  // matchAll starts where the last match of the same expression left off.
  STAND_IN.lastIndex = 0;
  return holds;
}

/**
 * The text `s` stands for, in pieces (each stand-in in it as its slices), or undefined when it
 * holds none. A high surrogate at a piece's end waits for the next piece, so no piece ends
 * between a pair's halves (JSON escapes a lone half, but not a pair).
 */
export function farPieces(s: string): Iterable<string> | undefined {
  if (!holdsRawFarString(s)) return undefined;
  return {
    *[Symbol.iterator]() {
      let held = '';
      for (const piece of expanded(s)) {
        const text = held + piece;
        const last = text.charCodeAt(text.length - 1);
        held = last >= 0xd800 && last <= 0xdbff ? text.slice(-1) : '';
        if (text.length > held.length) yield held ? text.slice(0, -1) : text;
      }
      if (held) yield held;
    },
  };
}

function* expanded(s: string): Generator<string> {
  let at = 0;
  for (const m of s.matchAll(STAND_IN)) {
    const far = byStandIn.get(m[0]);
    if (!far) continue;
    if (m.index > at) yield s.slice(at, m.index);
    yield* far.slices();
    at = m.index + m[0].length;
  }
  if (at < s.length) yield s.slice(at);
}

/** The whole text of a string that may hold stand-ins: where a writer needs a far string whole (a rare shape it cannot cut). */
export function wholeText(s: string): string {
  const pieces = farPieces(s);
  return pieces ? [...pieces].join('') : s;
}
