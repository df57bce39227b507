/** The person's own calendar: which local day, week (from Monday) and month a moment falls in. */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The IANA zone of this process (the CLI's TZ), or the one asked for when it is valid. */
export function resolveTimeZone(asked?: string): string {
  const zone = asked ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone });
  } catch {
    throw new RangeError(`unknown time zone "${zone}": use an IANA name such as Europe/Paris`);
  }
  return zone;
}

/** `YYYY-MM-DD` of `iso` in `timeZone`. */
export function localDay(iso: string, timeZone: string): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f.format(new Date(iso));
}

/** The Monday (`YYYY-MM-DD`) of the ISO week holding `day`. */
export function weekOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - back);
  return d.toISOString().slice(0, 10);
}

export function monthOf(day: string): string {
  return day.slice(0, 7);
}
