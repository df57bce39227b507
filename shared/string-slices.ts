/**
 * A long string in slices of about `size` characters, never cut between the two halves of a
 * surrogate pair (each half alone would be escaped, or encoded, differently from the pair).
 */
export function* stringSlices(s: string, size: number): Generator<string> {
  for (let at = 0; at < s.length; ) {
    let end = Math.min(at + size, s.length);
    const last = s.charCodeAt(end - 1);
    if (end < s.length && end - at > 1 && last >= 0xd800 && last <= 0xdbff) end -= 1;
    yield s.slice(at, end);
    at = end;
  }
}
