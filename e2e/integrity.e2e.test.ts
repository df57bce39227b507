/**
 * The Storage page shows the last integrity check: an archive damaged (an index row's count
 * edited) and repaired by the real `dejavu verify --repair` before the app starts.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dejavu } from '../test/cli';
import { FIXTURES_DIR } from '../test/fixtures';
import { type App, startApp } from './harness';
import { SettingsPage } from './pages/settings-page';

const FILES = ['claude-code/entireio__cli/entire_checkpoints_v1/4c/02af2759b6/0/full.jsonl', 'codex/entireio__skills/entire_checkpoints_v1/01/da544acf74/0/full.jsonl'].map((f) => path.join(FIXTURES_DIR, f));

let app: App;
let settings: SettingsPage;

beforeAll(async () => {
  app = await startApp({
    importPaths: FILES,
    prepare: (env) => {
      const db = new Database(path.join(env.DEJAVU_HOME, 'index.db'));
      db.prepare("UPDATE conversations SET message_count = 999 WHERE agent = 'codex'").run();
      db.close();
      const r = dejavu(['verify', '--repair'], env);
      if (r.code !== 0) throw new Error(`dejavu verify --repair failed (${r.code}): ${r.stdout}${r.stderr}`);
    },
  });
  settings = new SettingsPage(app.page);
});

afterAll(async () => {
  await app?.close();
});

describe('the Storage page', () => {
  it('shows when the archive was last checked, and what the check found and repaired', async () => {
    await settings.open();
    const line = settings.integrityLine();
    await line.waitFor();
    expect(await line.textContent()).toMatch(/^Last integrity check .*\d.*: consistent \(2 conversations, 2 blob files; 1 problem\(s\) repaired\)\.$/);
  });
});
