import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROVIDERS } from '../providers/registry';
import { jackinHomes } from './homes';
import { watchRoots } from './watch-roots';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'dejavu-roots-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('live capture watches what the manifests name', () => {
  it('watches every session folder of every agent that has one, in the home and nothing absent', () => {
    const home = path.join(tmp, 'home');
    const expected: string[] = [];
    for (const provider of PROVIDERS) {
      for (const rel of provider.sessionFolders) {
        const dir = path.join(home, ...rel.split('/'));
        mkdirSync(dir, { recursive: true });
        expected.push(dir);
      }
    }
    const roots = watchRoots([{ dir: home, instance: 'host' }], path.join(tmp, 'archive'));
    expect(roots.sort()).toEqual([...new Set(expected)].sort());
    // The agents live capture used to miss: Cline's task folders, Copilot's legacy sessions.
    expect(roots).toContain(path.join(home, '.config', 'Code', 'User', 'globalStorage', 'saoudrizwan.claude-dev', 'tasks'));
    expect(roots).toContain(path.join(home, '.copilot', 'history-session-state'));
    expect(watchRoots([{ dir: path.join(tmp, 'empty'), instance: 'host' }], path.join(tmp, 'archive'))).toEqual([]);
  });

  it('takes a jackin container data dir as the home when it, not its home/ folder, holds the sessions', () => {
    const data = path.join(tmp, 'j', '.jackin', 'data');
    mkdirSync(path.join(data, 'flat', '.codex', 'sessions'), { recursive: true });
    mkdirSync(path.join(data, 'flat', 'home', 'notes'), { recursive: true }); // a folder the person named home
    mkdirSync(path.join(data, 'nested', 'home', '.claude', 'projects'), { recursive: true });
    mkdirSync(path.join(data, 'fresh', 'home'), { recursive: true });
    expect(jackinHomes(path.join(tmp, 'j')).map((h) => [h.instance, path.relative(data, h.dir)])).toEqual([
      ['flat', 'flat'],
      ['fresh', path.join('fresh', 'home')],
      ['nested', path.join('nested', 'home')],
    ]);
  });
});
