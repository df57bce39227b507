/**
 * A plain `dejavu sync` with HOME pointing at a home where every agent's real fixtures sit
 * exactly where the agent writes them archives each of them (subagent files included), under
 * ids of its own. One sync per agent (test/home-layout.ts says where).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dejavu, dejavuJson } from './cli';
import { HOME_PLACES, layOut } from './home-layout';
import { readProvenance } from './provenance';

interface Listed {
  id: string;
  agent: string;
  sourcePath: string;
}

const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-home-sync-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const rows = readProvenance();

describe('sync archives every fixture laid out in a home', () => {
  it.each(Object.keys(HOME_PLACES))('%s', (agent) => {
    const own = rows.filter((r) => r.agentSection === agent);
    const home = path.join(work, agent, 'home');
    const host = layOut(home, own);
    expect(host.size).toBe(own.length);

    const env = { HOME: home, DEJAVU_HOME: path.join(work, agent, 'archive') };
    const synced = dejavu(['sync', '--no-evict'], env);
    expect(synced.stderr).toBe('');
    expect(synced.code).toBe(0);
    const listed = dejavuJson<Listed[]>(['list', '--limit', '100000'], env);
    const sources = new Set(listed.map((c) => c.sourcePath));
    for (const file of host.values()) expect(sources, path.relative(home, file)).toContain(file);
    expect(listed.every((c) => c.agent === agent)).toBe(true);
    expect(new Set(listed.map((c) => c.id)).size).toBe(listed.length);
  });
});
