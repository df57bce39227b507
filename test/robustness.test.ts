/**
 * Damaged input never throws out of a provider: every real fixture, cut short at several
 * points, with a line dropped, and with a garbage line put in, still parses — keeping what it
 * can and saying what it skipped. (Derived from the real files; seeded, so failures repeat.)
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileParseContext } from '../main/core/capture/parse-context';
import { PROVIDERS } from '../main/core/providers/registry';
import { readProvenance } from './provenance';
import { random } from './random';

const dir = mkdtempSync(path.join(os.tmpdir(), 'dejavu-robust-'));
const byAgent = new Map(PROVIDERS.map((p) => [p.agent as string, p]));
const rows = readProvenance().filter((r) => byAgent.has(r.agentSection));

describe('damaged session files', () => {
  it.each(rows.map((r) => [`#${r.n} ${r.file}`, r] as const))('%s: cut, holed and polluted copies still parse', async (_name, r) => {
    const provider = byAgent.get(r.agentSection)!;
    const text = readFileSync(r.absPath, 'utf8');
    const lines = text.split('\n');
    const rand = random(r.n);
    const variants: [string, string][] = [];
    for (let i = 0; i < 3; i += 1) variants.push([`cut${i}`, text.slice(0, Math.floor(rand() * text.length))]);
    const hole = Math.floor(rand() * lines.length);
    variants.push(['hole', lines.filter((_, i) => i !== hole).join('\n')]);
    const at = Math.floor(rand() * lines.length);
    variants.push(['garbage', [...lines.slice(0, at), '{"type": "user", "message": {"content": [', ...lines.slice(at)].join('\n')]);
    variants.push(['empty', '']);
    for (const [label, content] of variants) {
      // Keep the file's name: some formats are recognised by it (Aider, Cline, Claude subagents).
      const file = path.join(dir, `${r.n}-${label}`, path.basename(r.absPath));
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, content);
      const conversations = await provider.parse(fileParseContext(file));
      expect(Array.isArray(conversations), label).toBe(true);
      for (const c of conversations) {
        expect(c.agent).toBe(provider.agent);
        expect(Array.isArray(c.messages)).toBe(true);
      }
    }
  });
});
