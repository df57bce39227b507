import { describe, expect, it } from 'vitest';
import { formatSize, parseSize } from './sizes';

describe('sizes', () => {
  it('parses what people type', () => {
    expect(parseSize('1048576')).toBe(1048576);
    expect(parseSize('2 GB')).toBe(2 * 1024 ** 3);
    expect(parseSize('500mb')).toBe(500 * 1024 ** 2);
    expect(parseSize('1.5GiB')).toBe(1.5 * 1024 ** 3);
    expect(parseSize('0')).toBe(0);
    for (const bad of ['', 'GB', '-1 GB', '2 XB', '1e9', 'two']) expect(parseSize(bad)).toBeUndefined();
  });

  it('formats settings back for the inputs, round-tripping', () => {
    expect(formatSize(2 * 1024 ** 3)).toBe('2 GB');
    expect(formatSize(256 * 1024 ** 2)).toBe('256 MB');
    expect(formatSize(300)).toBe('300 B');
    for (const n of [2 * 1024 ** 3, 5 * 1024 ** 3, 1536 * 1024 ** 2, 1, 4096]) expect(parseSize(formatSize(n))).toBe(n);
  });
});
