/**
 * Which text encoding a session file is in, from its first bytes. Agents write UTF-8, but a
 * file that went through a Windows editor or PowerShell redirect (`>` writes UTF-16LE) comes
 * back as UTF-16: read as UTF-8 it has a NUL every other byte and not one line parses.
 */

export type TextEncoding = 'utf8' | 'utf16le' | 'utf16be';

export interface SniffedEncoding {
  readonly encoding: TextEncoding;
  /** Bytes of byte-order mark to skip at the start of the file. */
  readonly bomBytes: number;
  /** What to tell the person, when the file is not plain UTF-8. */
  readonly note?: string;
}

/** Bytes of a file's start that sniffEncoding looks at. */
export const SNIFF_BYTES = 512;

export function sniffEncoding(head: Buffer): SniffedEncoding {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf8', bomBytes: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return utf16('utf16le', 2, 'with a byte-order mark');
  if (head[0] === 0xfe && head[1] === 0xff) return utf16('utf16be', 2, 'with a byte-order mark');
  // No mark: ASCII-heavy text (all JSON is) in UTF-16 has a NUL in every other byte.
  const pairs = Math.floor(Math.min(head.length, SNIFF_BYTES) / 2);
  if (pairs < 2) return { encoding: 'utf8', bomBytes: 0 };
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < pairs; i += 1) {
    if (head[2 * i] === 0) evenNul += 1;
    if (head[2 * i + 1] === 0) oddNul += 1;
  }
  if (oddNul >= pairs * 0.8 && evenNul <= pairs * 0.05) return utf16('utf16le', 0, 'without a byte-order mark: NUL in every other byte');
  if (evenNul >= pairs * 0.8 && oddNul <= pairs * 0.05) return utf16('utf16be', 0, 'without a byte-order mark: NUL in every other byte');
  return { encoding: 'utf8', bomBytes: 0 };
}

function utf16(encoding: 'utf16le' | 'utf16be', bomBytes: number, how: string): SniffedEncoding {
  const name = encoding === 'utf16le' ? 'UTF-16LE' : 'UTF-16BE';
  return { encoding, bomBytes, note: `File is ${name} (${how}), not UTF-8; read as ${name}` };
}

/** A whole file's bytes as text, in the encoding they were sniffed to be in. */
export function decodeText(bytes: Buffer): { text: string; note?: string } {
  const sniffed = sniffEncoding(bytes.subarray(0, SNIFF_BYTES));
  const body = bytes.subarray(sniffed.bomBytes);
  const text = sniffed.encoding === 'utf8' ? body.toString('utf8') : new TextDecoder(sniffed.encoding === 'utf16le' ? 'utf-16le' : 'utf-16be', { ignoreBOM: true }).decode(body);
  return { text, note: sniffed.note };
}
