/**
 * A chat Cursor wrote both ways: the transcript (row 53, real) and the chat store, which newer
 * CLIs keep beside it for the same chat id (public readers' reports). No real store exists here
 * (PROVENANCE "Gaps"): it is written from row 53's turns in the store's message shape, with the
 * tool results the transcript does not keep. Each turn must show once, through a sync in either
 * order and through the app's watcher.
 */
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../../shared/record';
import { buildStore } from '../../../../test/cursor-store';
import { until } from '../../../../test/live-home';
import { providerUnderTest, textOf, writeFileIn } from '../../../../test/provider-kit';
import { ArchiveReader } from '../../access/archive-reader';
import { LiveCapture } from '../../capture/live';
import { sync } from '../../capture/sync';
import { cursorCliProvider } from './index';

const { tmp, row } = providerUnderTest(cursorCliProvider);
const CHAT = '5b1d3b43-0000-4000-8000-00000000e053';

type Block = { type: string; text?: string; name?: string; input?: unknown };
const transcript = () => readFileSync(row(53).absPath, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { role: string; message: { content: Block[] } });

/** The store's messages for the transcript's first `turns` prompts: the same turns, AI-SDK shaped, with results. */
function storeMessages(turns: number): object[] {
  const out: object[] = [{ role: 'system', content: 'You are a coding agent.' }];
  let prompts = 0;
  transcript().forEach((line, i) => {
    if (line.role === 'user' && ++prompts > turns) return;
    if (prompts > turns) return;
    const content = line.message.content.map((b, j) =>
      b.type === 'tool_use' ? { type: 'tool-call', toolCallId: `call_${i}_${j}`, toolName: b.name, args: b.input } : { type: 'text', text: b.text },
    );
    out.push({ role: line.role, content });
    const calls = content.filter((b) => b.type === 'tool-call') as Array<{ toolCallId: string; toolName: string }>;
    if (calls.length) out.push({ role: 'tool', content: calls.map((c) => ({ type: 'tool-result', toolCallId: c.toolCallId, toolName: c.toolName, result: 'File written.' })) });
  });
  return out;
}

function home(name: string) {
  const dir = path.join(tmp, name, 'home');
  const transcriptFile = path.join(dir, '.cursor', 'projects', 'home-ada-proj', 'agent-transcripts', `${CHAT}.jsonl`);
  const storeDir = path.join(dir, '.cursor', 'chats', 'c'.repeat(32), CHAT);
  return { dir, root: path.join(tmp, name, 'archive'), transcriptFile, storeDir };
}

const stored = (root: string): Conversation => {
  const reader = new ArchiveReader(root);
  const [only] = reader.list();
  return reader.get(only.id)!;
};
const shown = (m: Conversation['messages'][number]) => textOf(m) || m.parts.map((p) => (p.type === 'tool_call_response' ? p.response : '')).join('');
const said = (c: Conversation) => c.messages.filter((m) => m.role !== 'system').map((m) => `${m.role}: ${shown(m).slice(0, 24)}`);

describe('cursor-cli provider: a chat with a store and a transcript', () => {
  it('shows each turn once: the store’s, and the transcript’s turns the store does not hold yet until it does', async () => {
    const h = home('both');
    writeFileIn(h.transcriptFile, readFileSync(row(53).absPath, 'utf8'));
    buildStore(h.storeDir, storeMessages(1)); // the store one turn behind
    await sync({ root: h.root, sources: [h.dir] });
    const first = stored(h.root);
    expect(said(first)).toEqual([
      'user: create a markdown file s',
      'assistant: The user wants me to cre',
      'tool: File written.',
      'assistant: Created `testing-cursor.',
      'user: how do I quit this cli', // the transcript's: the store does not hold it yet
      'assistant: You can quit by pressing',
    ]);
    expect(first.sources.length).toBe(2);

    rmSync(h.storeDir, { recursive: true });
    buildStore(h.storeDir, storeMessages(2)); // the store caught up; the transcript did not change
    await sync({ root: h.root, sources: [h.dir] });
    const caught = stored(h.root);
    expect(said(caught)).toEqual(said(first));
    expect(caught.messages.filter((m) => m.role === 'user').map((m) => m.source)).toEqual([0, 0]); // both prompts the store's now
  });

  it('a transcript archived before its store appeared: the store’s turns replace its copies', async () => {
    const h = home('transcript-first');
    writeFileIn(h.transcriptFile, readFileSync(row(53).absPath, 'utf8'));
    await sync({ root: h.root, sources: [h.dir] });
    const alone = said(stored(h.root));
    buildStore(h.storeDir, storeMessages(2));
    await sync({ root: h.root, sources: [h.dir] });
    const both = stored(h.root);
    expect(said(both).filter((s) => s.startsWith('user'))).toEqual(alone.filter((s) => s.startsWith('user')));
    expect(said(both)).toContain('tool: File written.');
  });

  it('the app’s watcher reads the transcript again when its store changes', async () => {
    const h = home('live');
    writeFileIn(h.transcriptFile, readFileSync(row(53).absPath, 'utf8'));
    buildStore(h.storeDir, storeMessages(1));
    await sync({ root: h.root, sources: [h.dir] });
    const live = await LiveCapture.start({ root: h.root, sources: [h.dir] });
    try {
      rmSync(path.join(h.storeDir, 'store.db'));
      buildStore(h.storeDir, storeMessages(2));
      const prompts = () => stored(h.root).messages.filter((m) => m.role === 'user').map((m) => m.source);
      await until(() => prompts().join() === '0,0', 10_000, 'both prompts from the store, once');
      expect(said(stored(h.root)).filter((s) => s.startsWith('user')).length).toBe(2);
    } finally {
      await live.close();
    }
  }, 30_000);

  it('a store parsed after its transcript in one sync (a huge store goes last): the transcript is read again after it', async () => {
    const h = home('huge-store');
    writeFileIn(h.transcriptFile, readFileSync(row(53).absPath, 'utf8'));
    const store = buildStore(h.storeDir, storeMessages(2));
    const hugeBytes = statSync(h.transcriptFile).size + 1;
    expect(statSync(store).size).toBeGreaterThanOrEqual(hugeBytes);
    const report = await sync({ root: h.root, sources: [h.dir], hugeBytes });
    // Read twice, counted once: two files, one conversation.
    expect([report.read, report.created.length, report.updated.length]).toEqual([2, 1, 0]);
    expect(said(stored(h.root)).filter((s) => s.startsWith('user')).length).toBe(2);
    expect(said(stored(h.root))).toContain('tool: File written.');
  });

  it('the app’s watcher: a store that appears after its transcript takes its turns over', async () => {
    const h = home('live-new-store');
    writeFileIn(h.transcriptFile, readFileSync(row(53).absPath, 'utf8'));
    mkdirSync(path.dirname(h.storeDir), { recursive: true }); // the chats folder of a home that has had chats before: watched
    await sync({ root: h.root, sources: [h.dir] });
    const live = await LiveCapture.start({ root: h.root, sources: [h.dir] });
    try {
      buildStore(h.storeDir, storeMessages(2));
      await until(() => said(stored(h.root)).includes('tool: File written.'), 10_000, 'the store archived');
      await until(() => said(stored(h.root)).filter((s) => s.startsWith('user')).length === 2, 10_000, 'each prompt once');
    } finally {
      await live.close();
    }
  }, 30_000);

  it('a subagent’s store and transcript: one conversation, each turn once, its prompts its chat’s agent’s', async () => {
    const h = home('subagent');
    const transcriptFile = path.join(path.dirname(h.transcriptFile), 'parent-chat', 'subagents', `${CHAT}.jsonl`);
    writeFileIn(transcriptFile, readFileSync(row(53).absPath, 'utf8'));
    buildStore(h.storeDir, storeMessages(2));
    writeFileSync(path.join(h.storeDir, 'meta.json'), JSON.stringify({ isSubagent: true }));
    await sync({ root: h.root, sources: [h.dir] });
    const c = stored(h.root);
    expect(c.messages.filter((m) => m.role === 'user')).toEqual([]);
    expect(c.messages.filter((m) => m.kind === 'subagent-task' || m.kind === 'subagent-message').length).toBe(2);
    expect(said(c).filter((s) => s.startsWith('assistant')).length).toBe(3);
  });
});
