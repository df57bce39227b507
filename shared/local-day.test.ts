/**
 * localDay reads a zone's offset once a UTC day (local-day.ts): it must give the day Intl gives
 * for every instant, across DST changes (at any minute of the day, half-hour and 45-minute zones,
 * a change of the date line), and for instants long before the zones' standard times.
 */
import { describe, expect, it } from 'vitest';
import { localDay, localDayOfIntl } from './local-day';

const ZONES = ['UTC', 'Europe/Paris', 'America/New_York', 'America/St_Johns', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Apia', 'America/Santiago', 'Africa/Casablanca', 'Pacific/Chatham'];
const HOUR = 60 * 60 * 1000;

describe('localDay', () => {
  it('gives the day Intl gives, every 7 minutes through 2011 and 2025, in zones with every kind of change', () => {
    let checked = 0;
    for (const tz of ZONES) {
      for (const year of [2011, 2025]) {
        // Apia skipped 30 December 2011 (it crossed the date line); Casablanca suspends DST in Ramadan.
        for (let ms = Date.UTC(year, 0, 1); ms < Date.UTC(year + 1, 0, 1); ms += 7 * 60 * 1000 + 13_000) {
          const want = localDayOfIntl(ms, tz);
          if (localDay(ms, tz) !== want) expect(`${tz} ${new Date(ms).toISOString()}: ${localDay(ms, tz)}`).toBe(want);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(1_400_000);
  }, 120_000);

  it('gives the day Intl gives around instants long before standard time (local mean time, seconds in the offset)', () => {
    for (const tz of ZONES) for (let ms = Date.UTC(1880, 0, 1); ms < Date.UTC(1880, 0, 3); ms += HOUR / 4) expect(localDay(ms, tz)).toBe(localDayOfIntl(ms, tz));
    expect(localDay('2026-03-29T00:59:59.000Z', 'Europe/Paris')).toBe('2026-03-29');
    expect(localDay('2026-10-25T22:59:59.999Z', 'Europe/Paris')).toBe('2026-10-25');
    expect(localDay('2026-10-25T23:00:00.000Z', 'Europe/Paris')).toBe('2026-10-26');
    expect(localDay('not a date', 'UTC')).toBeUndefined();
  });
});
