/**
 * Ways real session files go wrong, applied to real fixture text: tool input nested thousands
 * of levels deep, raw NUL bytes inside a string, UTF-16 encodings.
 */

/** The word at the bottom of a deep value, to find it again in the archive. */
export const DEEP_BOTTOM = 'bottom-of-the-deep-input';

/** `{"deep":{"deep":…"bottom-of-the-deep-input"…}}` nested `levels` objects deep, as JSON text. */
export function deepJson(levels: number): string {
  return `${'{"deep":'.repeat(levels - 1)}{"deep":"${DEEP_BOTTOM}"}${'}'.repeat(levels - 1)}`;
}

/**
 * The text with a `"deep": <deep value>` member put first into the object that follows the
 * first match of `objectKey` (a regex ending at that object's `{`); undefined when none matches.
 * Returns the 1-based number of the line it landed on.
 */
export function spliceDeepObject(text: string, objectKey: RegExp, levels: number): { text: string; lineNo: number } | undefined {
  const m = objectKey.exec(text);
  if (!m) return undefined;
  const at = m.index + m[0].length;
  return { text: `${text.slice(0, at)}"deep":${deepJson(levels)},${text.slice(at)}`, lineNo: lineOf(text, at) };
}

/** Same, into a JSON *string* holding JSON (Codex/Kimi `"arguments":"{…}"`): the deep value escaped. */
export function spliceDeepIntoString(text: string, stringKey: RegExp, levels: number): { text: string; lineNo: number } | undefined {
  const m = stringKey.exec(text);
  if (!m) return undefined;
  const at = m.index + m[0].length;
  const escaped = JSON.stringify(`"deep":${deepJson(levels)},`).slice(1, -1);
  return { text: `${text.slice(0, at)}${escaped}${text.slice(at)}`, lineNo: lineOf(text, at) };
}

export function lineOf(text: string, index: number): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) n += 1;
  return n;
}

/** UTF-16 bytes of a text, with its byte-order mark. */
export function utf16(text: string, order: 'le' | 'be', bom = true): Buffer {
  const le = Buffer.from(`${bom ? '\uFEFF' : ''}${text}`, 'utf16le');
  return order === 'le' ? le : le.swap16();
}
