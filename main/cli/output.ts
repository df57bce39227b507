/** Small terminal helpers: JSON output, tables, dates, a progress bar on stderr. */
import type { Writable } from 'node:stream';

export function printJson(value: unknown, out: Writable = process.stdout): void {
  out.write(`${JSON.stringify(value, null, 2)}\n`);
}

export function shortDate(iso: string | undefined): string {
  if (!iso) return '—'.padEnd(16);
  return iso.replace('T', ' ').slice(0, 16);
}

export function truncate(s: string, width: number): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
}

/** Columns padded to their widest cell; the last column is left ragged. */
export function table(rows: readonly string[][]): string {
  if (rows.length === 0) return '';
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => [...(r[i] ?? '')].length)));
  return rows
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

/** A one-line progress bar redrawn in place; only on a terminal. */
export function progressBar(stream: NodeJS.WriteStream = process.stderr) {
  const enabled = Boolean(stream.isTTY);
  let last = 0;
  return {
    update(done: number, total: number, label: string) {
      if (!enabled) return;
      const now = Date.now();
      if (done < total && now - last < 80) return;
      last = now;
      const width = 28;
      const filled = total ? Math.round((done / total) * width) : width;
      const cols = stream.columns ?? 100;
      const line = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} ${label}`;
      stream.write(`\r${truncate(line, cols - 1).padEnd(Math.min(cols - 1, line.length))}\x1b[K`);
    },
    done() {
      if (enabled) stream.write('\r\x1b[K');
    },
  };
}

export const bold = (s: string, on: boolean) => (on ? `\x1b[1m${s}\x1b[22m` : s);
