/** Reads a whole source file a provider follows a reference to (an earlier segment, say). */
import { readFileSync } from 'node:fs';

/** The file's bytes. */
export function readSourceBytes(file: string): Buffer {
  return readFileSync(file);
}

/** The file as UTF-8 text, without a byte-order mark. */
export function readSourceText(file: string): string {
  const text = readSourceBytes(file).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
