import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../test/fixtures';
import { localDay, weekOf } from './periods';
import { PRICE_TABLE, priceOf } from './prices';

describe('prices', () => {
  it('name the table and version actually installed', () => {
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules', ...PRICE_TABLE.name.split('/'), 'package.json'), 'utf8')) as { version: string };
    expect(PRICE_TABLE.version).toBe(pkg.version);
  });

  it('price cached input at its own rate, and give no price (not 0) to a model the table does not know', () => {
    const fresh = priceOf('claude-sonnet-4-20250514', { inputTokens: 1_000_000 }, '2026-01-01T00:00:00Z') as number;
    const cached = priceOf('claude-sonnet-4-20250514', { cacheReadTokens: 1_000_000 }, '2026-01-01T00:00:00Z') as number;
    expect(fresh).toBeGreaterThan(0);
    expect(cached).toBeGreaterThan(0);
    expect(cached).toBeLessThan(fresh / 5);
    expect(priceOf('gpt-5.3-codex-spark', { inputTokens: 1000 })).toBeNull();
    expect(priceOf(undefined, { inputTokens: 1000 })).toBeNull();
  });
});

describe('the person’s calendar', () => {
  it('cuts days at local midnight and weeks on Mondays', () => {
    expect(localDay('2026-06-22T19:00:00Z', 'Asia/Kolkata')).toBe('2026-06-23');
    expect(localDay('2026-06-22T19:00:00Z', 'America/New_York')).toBe('2026-06-22');
    expect(weekOf('2026-06-28')).toBe('2026-06-22');
    expect(weekOf('2026-06-22')).toBe('2026-06-22');
  });
});
