/**
 * The census reads unknown record types from the warning every provider writes about them. Each
 * JSONL provider with a real fixture is handed that fixture with one record of a type no agent
 * writes appended, through the real parser: the tally must find the type, once per session.
 */
import { appendFileSync, copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileParseContext } from '../capture/parse-context';
import { providerFor } from '../providers/registry';
import { provenanceFor } from '../../../test/provenance';
import { WarningTally } from './archived-warnings';
import type { AgentId } from '../../../shared/agents';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'dejavu-doctor-warnings-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// Record-typed formats name it by `type` (Codex by its payload's), role-typed ones (Kimi, Cursor) by `role`.
const PROBE = { type: 'x-doctor-probe', role: 'x-doctor-probe', timestamp: '2026-11-01T00:00:00.000Z', payload: { type: 'x-doctor-probe' }, data: {} };

describe('unknown record types, as each provider names them', () => {
  it.each(['claude-code', 'codex', 'copilot-cli', 'factory-droid', 'cursor-cli', 'kimi-cli'] as AgentId[])('%s', async (agent) => {
    const row = provenanceFor(agent).find((r) => r.absPath.endsWith('.jsonl'))!;
    const file = path.join(tmp, `${agent}-${path.basename(row.absPath)}`);
    copyFileSync(row.absPath, file);
    appendFileSync(file, `${readFileSync(file, 'utf8').endsWith('\n') ? '' : '\n'}${JSON.stringify(PROBE)}\n`);
    const conversations = await providerFor(agent).parse(fileParseContext(file));
    const tally = new WarningTally();
    tally.add(file, conversations[0].warnings);
    const [seen, ...more] = tally.result().unknownTypes.filter((t) => t.type.includes('x-doctor-probe'));
    expect(more).toEqual([]);
    expect(seen).toMatchObject({ sessions: 1 });
    expect(seen.example.startsWith(file)).toBe(true);
  });
});
