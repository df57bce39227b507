import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Message } from '../../../../shared/record';
import { eachRow, providerUnderTest, textOf } from '../../../../test/provider-kit';
import { codexProvider } from './index';
import { fileParseContext } from '../../capture/parse-context';

const { rows, tmp, parseMain } = providerUnderTest(codexProvider);

function count(messages: Message[], role: Message['role'], pred: (p: Message['parts'][number]) => boolean): number {
  return messages.filter((m) => m.role === role).reduce((n, m) => n + m.parts.filter(pred).length, 0);
}

// Five fixtures end without a newline after their last, complete record: the ordinary context
// (parseMain's) must still read that record (a half-written one is left; see the test below).
eachRow(rows, { atLeast: 8 }, 'codex provider: its own rules on every fixture', async (row) => {
  const c = await parseMain(row.absPath);
  // Each prompt is written twice (event + response_item): shown once, not again as context.
  const promptTexts = new Set(c.messages.filter((m) => m.role === 'user').map((m) => textOf(m)));
  expect(c.messages.filter((m) => m.role !== 'user' && promptTexts.has(textOf(m)))).toEqual([]);
  expect(c.agentVersion).toBe(row.other.cli);
});

describe('codex provider: conversation shape', () => {
  it('fills the conversation fields from session_meta and turn_context (0.39.0 file)', async () => {
    const row = rows.find((r) => r.other.cli === '0.39.0')!;
    const c = await parseMain(row.absPath);
    expect(c).toMatchObject({ id: 'codex_01996135-afde-7911-97f0-d863511eca56', nativeId: '01996135-afde-7911-97f0-d863511eca56', agent: 'codex', instance: 'host' });
    expect(c.parentId).toBeUndefined();
    expect(c).toMatchObject({ cwd: '/proj/ds906659/gai/claude-code', workspace: 'claude-code', gitBranch: 'main', models: ['aide-gpt-5'], sources: [row.absPath] });
    expect(c).toMatchObject({ title: expect.stringMatching(/^幫我檢查一下 go\.mod/), startedAt: '2025-09-19T09:02:12.446Z' });
    expect(c.endedAt && c.endedAt > c.startedAt!).toBe(true);
    expect(c.usage?.outputTokens).toBeGreaterThan(0);
    // Every message keeps its record under an id of its own: conformance suite.
    // The typed prompt keeps both of its records (the event and the response_item copy).
    const prompt = c.messages.find((m) => m.role === 'user')!;
    expect(prompt.native!.split('\n').length).toBe(2);
  });

  it('marks injected AGENTS.md / environment_context / developer text as system, not user', async () => {
    for (const row of rows) {
      const c = await parseMain(row.absPath);
      for (const m of c.messages) {
        const text = m.parts.map((p) => (p.type === 'text' ? p.content : '')).join('');
        if (/^(# AGENTS\.md instructions|<environment_context>|<permissions instructions>)/.test(text)) {
          expect(m.role, `${row.file} ${m.id}`).toBe('system');
        }
      }
    }
    const c = await parseMain(rows.find((r) => r.n === 23)!.absPath);
    const kinds = c.messages.filter((m) => m.role === 'system').map((m) => m.kind);
    expect(kinds).toContain('user-instructions');
    expect(kinds).toContain('developer');
    expect(kinds).toContain('interrupt');
    // The interrupt is written as a response_item and an event: one message.
    expect(kinds.filter((k) => k === 'interrupt').length).toBe(1);
  });

  it('keeps compactions once, with the replacement history', async () => {
    const c = await parseMain(rows.find((r) => r.file.includes('00/34f597b72d'))!.absPath);
    const compactions = c.messages.filter((m) => m.kind === 'compaction-summary');
    expect(compactions.length).toBe(2);
    for (const m of compactions) {
      expect(m.parts.some((p) => p.type === 'generic' && p.kind === 'replacement-history' && p.content.includes('[user]'))).toBe(true);
      expect(m.native!.split('\n').length).toBe(2);
    }
  });

  it('marks encrypted-only reasoning as redacted', async () => {
    const c = await parseMain(rows.find((r) => r.file.includes('e0/814f45fcd4'))!.absPath);
    const reasoning = c.messages.flatMap((m) => m.parts).filter((p) => p.type === 'reasoning');
    expect(reasoning.length).toBeGreaterThan(0);
    expect(reasoning.every((p) => p.type === 'reasoning' && p.redacted === true && p.content === '')).toBe(true);
  });

  it('flags failed shell commands as errors', async () => {
    const c = await parseMain(rows.find((r) => r.n === 29)!.absPath);
    const responses = c.messages.flatMap((m) => m.parts).filter((p) => p.type === 'tool_call_response');
    const errors = responses.filter((p) => p.type === 'tool_call_response' && p.isError);
    expect(errors.length).toBeGreaterThan(0);
    for (const p of errors) if (p.type === 'tool_call_response') expect(p.response).toMatch(/(exited with code|Exit code:) [1-9]/);
  });
});

describe('codex provider: damaged and unusual files', () => {
  const source = rows.find((r) => r.n === 23)!.absPath;
  const lines = readFileSync(source, 'utf8').split('\n');

  it('skips a truncated line with a warning and keeps the rest', async () => {
    const promptLine = lines.findIndex((l) => l.includes('"type":"user_message"'));
    const broken = [...lines];
    broken[promptLine] = broken[promptLine].slice(0, 60);
    const file = path.join(tmp, 'rollout-2026-04-21T00-36-25-019dad77-8919-7173-a0d5-61b781415e5a.jsonl');
    writeFileSync(file, broken.join('\n'));
    const c = await parseMain(file);
    expect(c.warnings).toEqual([{ line: promptLine + 1, message: expect.stringMatching(/Unreadable JSON/) }]);
    // The event is lost, so the prompt falls back to its response_item copy.
    expect(c.messages.filter((m) => m.role === 'user').length).toBe(1);
    expect(count(c.messages, 'assistant', (p) => p.type === 'tool_call')).toBe(2);
  });

  it('keeps unknown record types as generic messages with one warning naming them', async () => {
    const extra = [
      JSON.stringify({ timestamp: '2026-04-21T00:37:20.000Z', type: 'brand_new_record', payload: { a: 1 } }),
      JSON.stringify({ timestamp: '2026-04-21T00:37:21.000Z', type: 'event_msg', payload: { type: 'brand_new_event' } }),
      JSON.stringify({ timestamp: '2026-04-21T00:37:22.000Z', type: 'event_msg', payload: { type: 'brand_new_event' } }),
    ];
    const file = path.join(tmp, 'unknown.jsonl');
    writeFileSync(file, [...lines.filter((l) => l), ...extra, ''].join('\n'));
    const c = await parseMain(file);
    expect(c.warnings.length).toBe(1);
    expect(c.warnings[0].message).toContain('brand_new_record');
    expect(c.warnings[0].message).toContain('event_msg:brand_new_event');
    const generic = c.messages.filter((m) => m.kind === 'unknown');
    expect(generic.length).toBe(3);
    expect(generic.every((m) => m.role === 'system' && m.parts[0].type === 'generic')).toBe(true);
  });

  it('makes a subagent thread a child of its parent, its task a system message', async () => {
    const meta = JSON.parse(lines[0]);
    meta.payload.id = '019dad77-0000-7000-8000-000000000001';
    meta.payload.thread_source = 'subagent';
    meta.payload.source = { subagent: { thread_spawn: { parent_thread_id: '019dad77-8919-7173-a0d5-61b781415e5a', depth: 1 } } };
    const file = path.join(tmp, 'subagent.jsonl');
    writeFileSync(file, [JSON.stringify(meta), ...lines.slice(1)].join('\n'));
    const c = await parseMain(file);
    expect(c.parentId).toBe('codex_019dad77-8919-7173-a0d5-61b781415e5a');
    expect(c.relation).toBe('subagent');
    expect(c.messages.filter((m) => m.role === 'user').length).toBe(0);
    expect(c.messages.filter((m) => m.kind === 'subagent-task').length).toBe(1);
  });

  it('returns nothing for an empty file', async () => {
    const file = path.join(tmp, 'empty.jsonl');
    writeFileSync(file, '');
    expect(await codexProvider.parse(fileParseContext(file))).toEqual([]);
  });

  it('waits for a half-written last line instead of warning about it', async () => {
    const file = path.join(tmp, 'growing.jsonl');
    const complete = lines.filter((l) => l).slice(0, 10);
    writeFileSync(file, `${complete.join('\n')}\n${lines[10].slice(0, 50)}`);
    const [c] = await codexProvider.parse(fileParseContext(file));
    expect(c.warnings).toEqual([]);
    expect(c.messages.length).toBeGreaterThan(0);
  });
});

describe('codex provider: detect, locate, resume', () => {

  it('detects the pre-envelope schema header', () => {
    const head = '{"id":"0198c8b1-6d21-7c52-a6a0-1f0f6f6d4b11","timestamp":"2025-08-20T13:20:47.060Z","instructions":null}\n{"record_type":"state"}\n';
    expect(codexProvider.detect({ path: 'x.jsonl', head })).toBe(true);
  });

  it('finds rollouts under sessions/ and archived_sessions/ and nothing else', async () => {
    const home = path.join(tmp, 'home');
    const day = path.join(home, '.codex', 'sessions', '2026', '04', '21');
    const archived = path.join(home, '.codex', 'archived_sessions');
    for (const dir of [day, archived]) writeFileSync(path.join(mkdirp(dir), 'rollout-2026-04-21T00-36-25-x.jsonl'), '');
    writeFileSync(path.join(home, '.codex', 'auth.json'), '{}');
    writeFileSync(path.join(day, 'notes.txt'), '');
    const found = await codexProvider.locate(home);
    expect(found.map((f) => path.relative(home, f)).sort()).toEqual([
      path.join('.codex', 'archived_sessions', 'rollout-2026-04-21T00-36-25-x.jsonl'),
      path.join('.codex', 'sessions', '2026', '04', '21', 'rollout-2026-04-21T00-36-25-x.jsonl'),
    ]);
    expect(await codexProvider.locate(path.join(tmp, 'no-such-home'))).toEqual([]);
  });

  it('resumes with codex resume <id> in the cwd', async () => {
    const c = await parseMain(rows[0].absPath);
    expect(codexProvider.resumeCommand(c)).toEqual({ command: `codex resume ${c.nativeId}`, cwd: c.cwd });
  });
});

function mkdirp(dir: string): string {
  mkdirSync(dir, { recursive: true });
  return dir;
}
