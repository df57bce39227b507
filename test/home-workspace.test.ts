/**
 * Every agent that records where a session ran (a cwd, a project folder, a project hash that
 * maps back to a path) files its conversations under that workspace, not under "unknown".
 * The real fixtures are laid out in a home exactly as each agent writes them and synced with
 * the real CLI; the only one left under "unknown" is Copilot's legacy history-session-state
 * JSON (#46), which records no working directory at all. Subagents sit in their parent's workspace.
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
  workspace: string;
  parentId?: string;
  sourcePath: string;
}

const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-home-ws-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const rows = readProvenance();

/** Files whose format records no project: Copilot's legacy history-session-state JSON. */
const NO_PROJECT: Readonly<Record<string, readonly string[]>> = { 'copilot-cli': ['.copilot/history-session-state/46-test_conversation_copilot.json'] };

describe('workspace of conversations synced from a home', () => {
  it.each(Object.keys(HOME_PLACES))('%s', (agent) => {
    const own = rows.filter((r) => r.agentSection === agent);
    const home = path.join(work, agent, 'home');
    layOut(home, own);
    const env = { HOME: home, DEJAVU_HOME: path.join(work, agent, 'archive') };
    expect(dejavu(['sync', '--no-evict'], env).code).toBe(0);
    const listed = dejavuJson<Listed[]>(['list', '--limit', '100000'], env);
    const unknown = listed.filter((c) => c.workspace === 'unknown');
    expect(unknown.map((c) => path.relative(home, c.sourcePath))).toEqual(NO_PROJECT[agent] ?? []);
    const byId = new Map(listed.map((c) => [c.id, c]));
    for (const sub of listed.filter((c) => c.parentId && byId.has(c.parentId))) {
      expect(sub.workspace, sub.id).toBe(byId.get(sub.parentId!)!.workspace);
    }
  });
});
