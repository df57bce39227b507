/**
 * How search.db keeps a row's text (message_text.text): the word index does not store it, and
 * snippets, phrase checks and short terms read it back. Most of the bytes are in long rows
 * (tool output, pasted files), so a row over COMPRESS_FROM bytes is stored deflated (a BLOB)
 * and a shorter one as it is (TEXT): at 200k messages 20 % of the rows hold 84 % of the text,
 * and compressing those alone keeps 0.44× of it while a short row costs no inflate call
 * (~14 µs each) when read (README.md).
 *
 * A deflated row starts with a 5-byte head: HEADED, then the text's length (UTF-16 code units,
 * uint32 LE). A check that finds its terms in the row's beginning inflates no more of it, and
 * the walk's text budget still counts the whole row (text-functions.ts). Rows written before the
 * head (raw deflate from the first byte) read as before.
 */
import { constants, deflateRawSync, inflateRawSync } from 'node:zlib';

const COMPRESS_FROM = 1024;
/** zlib's default: 0.40× where level 1 kept 0.46× at 200k, for ~10 % more indexing CPU; inflating is as fast. */
const COMPRESSION_LEVEL = 6;
/**
 * First byte of a headed row. In a raw deflate stream the first byte's bits 1–2 are the first
 * block's type, and 3 (binary 11) is reserved: no stream zlib writes starts with 0x06.
 */
const HEADED = 0x06;
const HEAD_BYTES = 5;

/** What goes into message_text.text for `text`. */
export function packText(text: string): string | Buffer {
  if (text.length < COMPRESS_FROM / 3) return text; // short even in UTF-8: not worth a look
  const bytes = Buffer.from(text);
  if (bytes.length <= COMPRESS_FROM) return text;
  const head = Buffer.alloc(HEAD_BYTES);
  head[0] = HEADED;
  head.writeUInt32LE(text.length, 1);
  return Buffer.concat([head, deflateRawSync(bytes, { level: COMPRESSION_LEVEL })]);
}

/** The length (`text.length`) of the text a message_text.text value holds, when known without inflating it. */
export function storedLength(stored: string | Uint8Array): number | undefined {
  if (typeof stored === 'string') return stored.length;
  return stored[0] === HEADED ? Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength).readUInt32LE(1) : undefined;
}

/** The text a message_text.text value holds. */
export function unpackText(stored: string | Uint8Array): string {
  return typeof stored === 'string' ? stored : inflateRawSync(deflated(stored)).toString();
}

/**
 * The beginning of the text a value holds: what the first `bytes` bytes of its deflated form
 * inflate to, never a character cut in two; `whole` when that is the whole text.
 */
export function unpackHead(stored: string | Uint8Array, bytes: number): { text: string; whole: boolean } {
  if (typeof stored === 'string') return { text: stored, whole: true };
  const stream = deflated(stored);
  if (stream.byteLength <= bytes) return { text: inflateRawSync(stream).toString(), whole: true };
  const head = inflateRawSync(stream.subarray(0, bytes), { finishFlush: constants.Z_SYNC_FLUSH });
  return { text: head.toString('utf8', 0, wholeCharacters(head)), whole: false };
}

/** The deflate stream of a stored value, past its head when it has one. */
function deflated(stored: Uint8Array): Uint8Array {
  return stored[0] === HEADED ? stored.subarray(HEAD_BYTES) : stored;
}

/** How many bytes of `utf8` end on a whole character (a cut inside one would decode to U+FFFD, which a term could match). */
function wholeCharacters(utf8: Uint8Array): number {
  let start = utf8.length - 1;
  while (start >= 0 && start >= utf8.length - 4 && (utf8[start] & 0xc0) === 0x80) start -= 1; // continuation bytes
  if (start < 0) return utf8.length;
  const lead = utf8[start];
  const size = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
  return start + size <= utf8.length ? utf8.length : start;
}
