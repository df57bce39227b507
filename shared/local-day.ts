/**
 * Calendar days in the person's own time zone. The tree, "Today", export file names and the
 * search's after:/before: dates all count days the way the person lives them, not at UTC
 * midnight. The renderer sends its IANA zone; the CLI and main use the process's.
 */

/** The time zone this process runs in (TZ, else the system's). */
export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Whether Intl knows this IANA zone name. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();
function wallClock(tz: string): Intl.DateTimeFormat {
  let f = formats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formats.set(tz, f);
  }
  return f;
}

function wallParts(ms: number, tz: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of wallClock(tz).formatToParts(ms)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Per zone and UTC day: the zone's offset when it holds all that day, else null (a change that day). */
const dayOffsets = new Map<string, number | null>();
/** Zone-days remembered before the map starts over (a few MB at most). */
const REMEMBERED_DAYS = 50_000;

/**
 * `tz`'s offset at this instant. Intl takes ~4 µs an instant, which was most of the tree's time
 * at 12,774 conversations (45–64 of 65–70 ms) and of a usage report's; a zone changes its offset
 * at most once a day, so the offset at a UTC day's first and last second, when equal, holds for
 * the whole day, and is asked of Intl once a zone-day.
 */
function offsetAt(ms: number, tz: string): number {
  const dayStart = Math.floor(ms / DAY_MS) * DAY_MS;
  const key = `${tz} ${dayStart}`;
  let offset = dayOffsets.get(key);
  if (offset === undefined) {
    const first = offsetMs(dayStart, tz);
    offset = first === offsetMs(dayStart + DAY_MS - 1000, tz) ? first : null;
    if (dayOffsets.size >= REMEMBERED_DAYS) dayOffsets.clear();
    dayOffsets.set(key, offset);
  }
  return offset ?? offsetMs(ms, tz);
}

/** YYYY-MM-DD of an instant in `tz`, or undefined for a date that does not parse. */
export function localDay(when: string | number | Date, tz: string): string | undefined {
  const ms = typeof when === 'number' ? when : typeof when === 'string' ? Date.parse(when) : when.getTime();
  if (Number.isNaN(ms)) return undefined;
  // The wall clock's date, read as UTC from the instant moved by the zone's offset.
  const wall = new Date(ms + offsetAt(ms, tz));
  return ymd(wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate());
}

/** localDay as Intl says it, instant by instant (the test's reference). */
export function localDayOfIntl(ms: number, tz: string): string {
  const p = wallParts(ms, tz);
  return ymd(p.year, p.month, p.day);
}

function ymd(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** How far `tz`'s wall clock is ahead of UTC at this instant. */
function offsetMs(ms: number, tz: string): number {
  const p = wallParts(ms, tz);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/** The instant (ISO, UTC) a local day (YYYY-MM-DD, or YYYY-MM, or YYYY) begins in `tz`. */
export function localDayStart(day: string, tz: string): string {
  const [y, m = 1, d = 1] = day.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d);
  // The offset at the guess, then at the corrected instant: right across DST changes.
  const first = wall - offsetMs(wall, tz);
  return new Date(wall - offsetMs(first, tz)).toISOString();
}

/** The day `n` days after a YYYY-MM-DD day (calendar arithmetic, no zone). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD HH:MM:SS ZONE` of an instant in `tz` (the ISO text itself when it does not parse). */
export function localDateTime(iso: string, tz: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const p = wallParts(ms, tz);
  const zone = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'short' }).formatToParts(ms).find((x) => x.type === 'timeZoneName')?.value ?? tz;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}:${two(p.second)} ${zone}`;
}
