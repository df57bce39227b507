import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { readProvenance } from './provenance';

describe('PROVENANCE.md reader', () => {
  it('finds every fixture row with its counted facts, and every file exists', () => {
    const rows = readProvenance();
    expect(rows.length).toBeGreaterThanOrEqual(60);
    for (const row of rows) {
      expect(existsSync(row.absPath), row.file).toBe(true);
      expect(Number.isInteger(row.prompts)).toBe(true);
    }
    const claude = rows.filter((r) => r.agentSection === 'claude-code');
    expect(claude.length).toBeGreaterThanOrEqual(21);
    expect(claude[0].other.records).toBeDefined();
  });
});
