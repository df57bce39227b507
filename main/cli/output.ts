/**
 * The one way the CLI writes: text for a person on stdout/stderr, JSON, tables, dates, a
 * progress bar. Transcripts hold whatever agents and tools printed, escape sequences included
 * (an OSC 52 clipboard write, a window title, a screen clear): text written here shows every
 * control character instead of letting the terminal obey it. Commands never touch
 * process.stdout / process.stderr themselves (lint enforces it).
 */
import type { Writable } from 'node:stream';
import { jsonChunks, jsonDocument } from './json-pieces';

/**
 * C0 controls but \t and \n, DEL, the C1 controls (U+009B is a one-character CSI on some
 * terminals) and the bidi overrides/isolates that make text read differently than it is stored.
 */
const UNSAFE = /\r\n|[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Text with every control character made visible: ESC → ␛, CR → ␍, U+009B → <U+009B>. */
export function visible(text: string): string {
  return text.replace(UNSAFE, (c) => {
    if (c === '\r\n') return '\n';
    const code = c.charCodeAt(0);
    if (code < 0x20) return String.fromCharCode(0x2400 + code); // the Unicode control pictures ␀…␟
    if (code === 0x7f) return '␡';
    return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
  });
}

/** Text already made visible, with styling of our own added (see `bold`): written as is. */
export class Styled {
  constructor(readonly text: string) {}
}

/** A stream for people: strings are shown with their controls visible; `Styled` text is ours. */
export interface TextOut {
  write(text: string | Styled): void;
  /**
   * Data (an export to `-o -`): verbatim into a pipe or file, where it is data; made visible
   * when the stream is a terminal, where it would be obeyed.
   */
  data(text: string): void;
  readonly isTTY: boolean;
}

export function textOut(stream: NodeJS.WriteStream): TextOut {
  return {
    write: (text) => void stream.write(text instanceof Styled ? text.text : visible(text)),
    data: (text) => void stream.write(stream.isTTY ? visible(text) : text),
    get isTTY() {
      return Boolean(stream.isTTY);
    },
  };
}

export const stdout = textOut(process.stdout);
export const stderr = textOut(process.stderr);

// `dejavu search … | head`: a reader that closed the pipe has had all it wanted; end quietly
// instead of dying on an unhandled EPIPE with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
    process.exit(process.exitCode ?? 0);
  });
}

/** A warning or error line on stderr, `dejavu: ` first. */
export function warn(message: string): void {
  stderr.write(`dejavu: ${message}\n`);
}

/**
 * JSON is data: JSON.stringify escapes U+0000–U+001F (ESC included) but leaves DEL, the C1
 * controls and bidi overrides raw; those are escaped too (`\u009b`), which parses back to the
 * very same string.
 */
export function printJson(value: unknown, out: Writable = process.stdout): void {
  // Written as it is made, in chunks: a whole conversation never becomes one string (json-pieces.ts).
  for (const chunk of jsonChunks(jsonDocument(value))) out.write(chunk.replace(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

export function shortDate(iso: string | undefined): string {
  if (!iso) return '—'.padEnd(16);
  return iso.replace('T', ' ').slice(0, 16);
}

export function truncate(s: string, width: number): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
}

/** Columns padded to their widest cell (as shown, controls made visible); the last column is left ragged. */
export function table(rows: readonly string[][]): string {
  if (rows.length === 0) return '';
  const shown = rows.map((r) => r.map(visible));
  const widths = shown[0].map((_, i) => Math.max(...shown.map((r) => [...(r[i] ?? '')].length)));
  return shown
    .map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell + ' '.repeat(widths[i] - [...cell].length))).join('  '))
    .join('\n');
}

export function formatBytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u += 1;
  }
  return `${v.toFixed(u === 0 ? 0 : 1)} ${units[u]}`;
}

/** A one-line progress bar redrawn in place; only on a terminal. The label (a file name) is made visible. */
export function progressBar(stream: NodeJS.WriteStream = process.stderr) {
  const enabled = Boolean(stream.isTTY);
  let last = 0;
  const bar = {
    /** The bar, then `text` (made visible). Redrawn at most every 80 ms, but always once all is done. */
    show(done: number, total: number, text: string) {
      if (!enabled) return;
      const now = Date.now();
      if (done < total && now - last < 80) return;
      last = now;
      const width = 28;
      const filled = total ? Math.round((done / total) * width) : width;
      // A terminal that does not say its width (0 or unknown) gets a usual one.
      const cols = stream.columns || 100;
      const line = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${visible(text)}`;
      stream.write(`\r${truncate(line, cols - 1).padEnd(Math.min(cols - 1, line.length))}\x1b[K`);
    },
    /** The bar, `done/total`, then the label (a file name). */
    update(done: number, total: number, label: string) {
      bar.show(done, total, `${done}/${total} ${label}`);
    },
    done() {
      if (enabled) stream.write('\r\x1b[K');
    },
  };
  return bar;
}

/** Text made visible, in bold on a terminal. */
export function bold(s: string, on: boolean): Styled {
  return new Styled(on ? `\x1b[1m${visible(s)}\x1b[22m` : visible(s));
}

/** Pieces of text and styled text as one `Styled` line (every plain piece made visible). */
export function styled(...parts: readonly (string | Styled)[]): Styled {
  return new Styled(parts.map((p) => (p instanceof Styled ? p.text : visible(p))).join(''));
}
