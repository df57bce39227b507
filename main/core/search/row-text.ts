/**
 * How search.db keeps a row's text (message_text.text): the word index does not store it, and
 * snippets, phrase checks and short terms read it back. Most of the bytes are in long rows
 * (tool output, pasted files), so a row over COMPRESS_FROM bytes is stored deflated (a BLOB)
 * and a shorter one as it is (TEXT): at 200k messages 20 % of the rows hold 84 % of the text,
 * and compressing those alone keeps 0.44× of it while a short row costs no inflate call
 * (~14 µs each) when read (README.md).
 */
import { StringDecoder } from 'node:string_decoder';
import { constants, deflateRawSync, inflateRawSync } from 'node:zlib';

const COMPRESS_FROM = 1024;
/** Deflated bytes unpackHead inflates first: ~1–1.5 KB of text, past the excerpt it is asked for. */
const HEAD_BYTES = 512;
/** zlib's default: 0.40× where level 1 kept 0.46× at 200k, for ~10 % more indexing CPU; inflating is as fast. */
const COMPRESSION_LEVEL = 6;

/** What goes into message_text.text for `text`. */
export function packText(text: string): string | Buffer {
  if (text.length < COMPRESS_FROM / 3) return text; // short even in UTF-8: not worth a look
  const bytes = Buffer.from(text);
  return bytes.length > COMPRESS_FROM ? deflateRawSync(bytes, { level: COMPRESSION_LEVEL }) : text;
}

/** The text a message_text.text value holds. */
export function unpackText(stored: string | Uint8Array): string {
  return typeof stored === 'string' ? stored : inflateRawSync(stored).toString();
}

/**
 * The text a stored value holds, or a prefix of it longer than `chars` characters: a hit without
 * a term quotes its row's start (snippet.ts), and inflating a long first message whole (a Codex
 * session's injected context) was most of a filter-only search (README.md, "Measured on
 * 2026-11-24 evening").
 */
export function unpackHead(stored: string | Uint8Array, chars: number): string {
  if (typeof stored === 'string' || stored.length <= HEAD_BYTES) return unpackText(stored);
  // A cut deflate stream inflates up to where it is cut (no error with a sync flush); the decoder
  // keeps back a character the cut split, so the head is the text's own start.
  const head = new StringDecoder('utf8').write(inflateRawSync(stored.subarray(0, HEAD_BYTES), { finishFlush: constants.Z_SYNC_FLUSH }));
  return head.length > chars ? head : unpackText(stored);
}
