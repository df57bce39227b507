/**
 * A conversation whose session file the agent cut after it was archived: the thread says so in
 * its header and shows what the file no longer holds, marked "earlier revision", not hidden.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dejavu, dejavuJson } from '../test/cli';
import { FIXTURES_DIR } from '../test/fixtures';
import { type App, startApp } from './harness';
import { ThreadPage } from './pages/thread-page';

const FIXTURE = path.join(FIXTURES_DIR, 'codex/EntityProcess__agentv/entire_checkpoints_v1/1f/4427577930/2/full.jsonl');

let app: App;
let thread: ThreadPage;
let id = '';
let kept = 0;

beforeAll(async () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'dejavu-rewrite-e2e-')), 'rollout.jsonl');
  const lines = readFileSync(FIXTURE, 'utf8').split(/(?<=\n)/);
  app = await startApp({
    importPaths: [],
    prepare: (env) => {
      writeFileSync(file, lines.join(''));
      expect(dejavu(['import', file], env).code).toBe(0);
      writeFileSync(file, lines.slice(0, Math.floor(lines.length / 2)).join(''));
      const report = dejavuJson<{ rewritten: { conversationId: string; kept: number }[] }>(['import', file], env);
      expect(report.rewritten).toHaveLength(1);
      ({ conversationId: id, kept } = report.rewritten[0]);
    },
  });
  thread = new ThreadPage(app.page);
});

afterAll(async () => {
  await app?.close();
});

describe('a conversation whose source was cut', () => {
  it('says in its header that the agent cut its file and how much is kept', async () => {
    await app.openConversation(id);
    const banner = thread.rewriteBanner();
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(new RegExp(`The agent cut its file.*${kept} messages it no longer holds are kept here`));
  });

  it('shows the messages the file no longer holds, marked as earlier revisions', async () => {
    await thread.scrollUntil(thread.earlierRevisions().first());
    expect(await thread.earlierRevisions().first().locator('.msg-earlier').textContent()).toBe('earlier revision');
  });
});
