/** Byte sizes as people type them in the storage settings: "2 GB", "500MB", "1.5 GiB", "1048576". */
const UNITS: Record<string, number> = { '': 1, b: 1, k: 1024, kb: 1024, kib: 1024, m: 1024 ** 2, mb: 1024 ** 2, mib: 1024 ** 2, g: 1024 ** 3, gb: 1024 ** 3, gib: 1024 ** 3, t: 1024 ** 4, tb: 1024 ** 4, tib: 1024 ** 4 };

/** The size in bytes, or undefined when it is not one (negative, unknown unit, not a number). */
export function parseSize(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  if (!m) return undefined;
  const unit = UNITS[m[2].toLowerCase()];
  if (unit === undefined) return undefined;
  const n = Math.round(Number(m[1]) * unit);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** A size for an input: the largest unit it is a round-ish number of ("2 GB", "1.5 GB", "300 B"). */
export function formatSize(n: number): string {
  for (const [unit, f] of [['TB', 1024 ** 4], ['GB', 1024 ** 3], ['MB', 1024 ** 2], ['KB', 1024]] as const) {
    if (n >= f) {
      const v = n / f;
      const r = Math.round(v * 100) / 100;
      if (Math.abs(r * f - n) < 1 || v >= 10) return `${r} ${unit}`;
    }
  }
  return `${n} B`;
}
