/**
 * No real Grok CLI session file exists in the fixtures. The records below are built from the
 * grok-build source — `ConversationItem` in crates/codegen/xai-grok-inference-types/src/
 * conversation.rs (mirror farchanjo/grok-build, commit 096a75a5), serialized with
 * `#[serde(tag = "type", rename_all = "snake_case")]` — and summary.json carries the fields
 * third-party readers of real `~/.grok/sessions` report (info.id/cwd, generated_title,
 * created_at, updated_at, current_model_id, session_kind).
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Conversation } from '../../../../shared/record';
import { fileParseContext } from '../../capture/parse-context';
import { grokCliProvider } from './index';
import { expectMessagesKept, expectToolResultsJoined, parts, providerUnderTest } from '../../../../test/provider-kit';
import { expectOutlineGolden } from '../../../../test/outline-golden';

const { tmp } = providerUnderTest(grokCliProvider);

const CWD = '/home/me/work/demo-app';
const SESSION = '019f179d-0888-76b1-9325-5a91ace595df';
const CHILD = '019f17a0-1111-7222-8333-444455556666';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==';

const items = [
  { type: 'system', content: 'You are Grok, a coding agent.' },
  { type: 'user', content: [{ type: 'text', text: '# AGENTS.md\nUse pnpm.' }], synthetic_reason: 'project_instructions' },
  { type: 'user', content: [{ type: 'text', text: '<user_info>\nOS: linux\n</user_info>' }] },
  { type: 'user', content: [{ type: 'text', text: 'Why does the build fail?' }, { type: 'image', url: `data:image/png;base64,${PNG}` }], prompt_index: 0 },
  { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'Check the build log first.' }] },
  { type: 'assistant', content: 'Let me look at the log.', tool_calls: [{ id: 'call_1', name: 'read_file', arguments: '{"path":"build.log"}' }], model_id: 'grok-build' },
  { type: 'tool_result', tool_call_id: 'call_1', content: 'error: missing semicolon' },
  { type: 'user', content: [{ type: 'text', text: 'also check the tests' }], synthetic_reason: 'interjection' },
  { type: 'reasoning', id: 'rs_2', summary: [], encrypted_content: 'gAAAAB…' },
  { type: 'backend_tool_call', kind: { tool_type: 'web_search', id: 'ws_1', status: 'completed', action: { type: 'search', query: 'missing semicolon ts' } } },
  { type: 'assistant', content: 'Add the semicolon on line 3.', model_id: 'grok-build' },
  { type: 'user', content: [{ type: 'text', text: '<system-reminder>todo list empty</system-reminder>' }], synthetic_reason: 'system_reminder' },
  { type: 'user', content: [{ type: 'text', text: 'thanks' }], prompt_index: 1, prior_turn_interrupt: 'mid_turn_abort' },
];
const lines = items.map((i) => JSON.stringify(i));

function sessionDir(root: string, id: string, parent?: string): string {
  const project = path.join(root, '.grok', 'sessions', encodeURIComponent(CWD));
  const dir = parent ? path.join(project, parent, 'subagents', id) : path.join(project, id);
  mkdirSync(dir, { recursive: true });
  return dir;
}

function writeSession(root: string, body: string, summary?: object, id = SESSION, parent?: string): string {
  const dir = sessionDir(root, id, parent);
  const file = path.join(dir, 'chat_history.jsonl');
  writeFileSync(file, body);
  if (summary) writeFileSync(path.join(dir, 'summary.json'), JSON.stringify(summary));
  return file;
}

const summary = {
  info: { id: SESSION, cwd: CWD },
  session_summary: 'Fix the failing build',
  generated_title: 'Fix the failing build',
  created_at: '2026-06-30T08:19:55.275395Z',
  updated_at: '2026-06-30T08:25:00.000000Z',
  current_model_id: 'grok-build',
  head_branch: 'main',
  num_messages: 13,
  chat_format_version: 1,
};

async function parseOne(file: string): Promise<Conversation> {
  const cs = await grokCliProvider.parse(fileParseContext(file));
  expect(cs).toHaveLength(1);
  return cs[0];
}

const partsOf = parts;

describe('grok-cli provider: a session built from the grok-build schema', () => {
  const file = writeSession(path.join(tmp, 'h1'), `${lines.join('\n')}\n`, summary);

  it('counts typed prompts, answers and tool calls', async () => {
    const c = await parseOne(file);
    expectOutlineGolden('grok-cli', [c]); // test/golden/outline/grok-cli.txt, reviewed
    // Typed: the first prompt, the Ctrl+Enter interjection, "thanks". Injected context is system.
    expect(c.messages.filter((m) => m.role === 'user').map((m) => m.parts[0].type === 'text' && m.parts[0].content)).toEqual([
      'Why does the build fail?',
      'also check the tests',
      'thanks',
    ]);
    expect(partsOf(c, 'assistant').filter((p) => p.type === 'text').length).toBe(2);
    expect(partsOf(c, 'assistant').filter((p) => p.type === 'tool_call').map((p) => p.type === 'tool_call' && p.name)).toEqual(['read_file', 'web_search']);
    const kinds = c.messages.filter((m) => m.role === 'system').map((m) => m.kind);
    expect(kinds).toEqual(['system-prompt', 'user-instructions', 'user-info', 'reminder']);
    expect(c.warnings).toEqual([]);
  });

  it('joins tool results, keeps images and reasoning', async () => {
    const c = await parseOne(file);
    expect(partsOf(c, 'tool').filter((p) => p.type === 'tool_call_response')).toEqual([{ type: 'tool_call_response', id: 'call_1', response: 'error: missing semicolon' }]);
    expectToolResultsJoined(c);
    expect(partsOf(c, 'user').filter((p) => p.type === 'blob')).toEqual([{ type: 'blob', modality: 'image', mimeType: 'image/png', content: PNG }]);
    expect(partsOf(c, 'assistant').filter((p) => p.type === 'reasoning')).toEqual([
      { type: 'reasoning', content: 'Check the build log first.' },
      { type: 'reasoning', content: '', redacted: true },
    ]);
  });

  it('fills the conversation from summary.json and the folder', async () => {
    const c = await parseOne(file);
    expect(c).toMatchObject({ id: `grok-cli_${SESSION}`, nativeId: SESSION, cwd: CWD, workspace: 'demo-app', gitBranch: 'main', title: 'Fix the failing build' });
    expect(c).toMatchObject({ startedAt: '2026-06-30T08:19:55.275395Z', endedAt: '2026-06-30T08:25:00.000000Z', models: ['grok-build'] });
    expect(c.messages.find((m) => m.role === 'assistant' && m.parts.some((p) => p.type === 'text'))?.model).toBe('grok-build');
    expectMessagesKept(c, file);
  });

  it('works without summary.json: cwd from the folder name, title from the first prompt, system_prompt.txt', async () => {
    const f = writeSession(path.join(tmp, 'h2'), `${lines.slice(1).join('\n')}\n`);
    writeFileSync(path.join(path.dirname(f), 'system_prompt.txt'), 'You are Grok.');
    const c = await parseOne(f);
    expect(c.cwd).toBe(CWD);
    expect(c.nativeId).toBe(SESSION);
    expect(c.title).toBe('Why does the build fail?');
    expect(c.messages[0]).toMatchObject({ role: 'system', kind: 'system-prompt', parts: [{ type: 'text', content: 'You are Grok.' }] });
  });

  it('makes a subagent session a child of its parent, its task a system message', async () => {
    const f = writeSession(path.join(tmp, 'h1'), `${lines.slice(3, 7).join('\n')}\n`, { info: { id: CHILD, cwd: CWD }, session_kind: 'subagent' }, CHILD, SESSION);
    const c = await parseOne(f);
    expect(c.parentId).toBe(`grok-cli_${SESSION}`);
    expect(c.relation).toBe('subagent');
    expect(c.messages.filter((m) => m.role === 'user')).toHaveLength(0);
    expect(c.messages.filter((m) => m.kind === 'subagent-task')).toHaveLength(1);
    expect(grokCliProvider.resumeCommand(c)).toBeUndefined();
  });
});

describe('grok-cli provider: damaged and unusual files', () => {
  it('skips a broken line with a warning and keeps the rest', async () => {
    const broken = [...lines];
    broken[3] = broken[3].slice(0, 40);
    const c = await parseOne(writeSession(path.join(tmp, 'h3'), `${broken.join('\n')}\n`, summary));
    expect(c.warnings).toEqual([{ line: 4, message: expect.stringMatching(/Unreadable JSON/) }]);
    expect(c.messages.filter((m) => m.role === 'user')).toHaveLength(2);
    expect(partsOf(c).filter((p) => p.type === 'tool_call')).toHaveLength(2);
  });

  it('keeps unknown item types as generic messages with one warning naming them', async () => {
    const extra = [JSON.stringify({ type: 'brand_new_item', x: 1 }), JSON.stringify({ type: 'brand_new_item', x: 2 })];
    const c = await parseOne(writeSession(path.join(tmp, 'h4'), `${[...lines, ...extra].join('\n')}\n`, summary));
    expect(c.warnings).toHaveLength(1);
    expect(c.warnings[0].message).toContain('brand_new_item');
    expect(c.messages.filter((m) => m.kind === 'unknown' && m.parts[0].type === 'generic')).toHaveLength(2);
  });

  it('waits for a half-written last line, and returns nothing for an empty file', async () => {
    const c = await parseOne(writeSession(path.join(tmp, 'h5'), `${lines.slice(0, 5).join('\n')}\n${lines[5].slice(0, 30)}`));
    expect(c.warnings).toEqual([]);
    expect(await grokCliProvider.parse(fileParseContext(writeSession(path.join(tmp, 'h6'), '')))).toEqual([]);
  });
});

describe('grok-cli provider: detect, locate, resume', () => {
  it('detects a grok-build chat_history.jsonl (no fixture of another agent: conformance.test.ts)',  () => {
    expect(grokCliProvider.detect({ path: 'chat_history.jsonl', head: `${lines.join('\n')}\n` })).toBe(true);
    expect(grokCliProvider.detect({ path: 'chat_history.jsonl', head: `${lines.slice(3).join('\n')}\n` })).toBe(true);
  });

  it('finds one log per session (updates.jsonl where there is one: updates.test.ts) and nothing else', async () => {
    const home = path.join(tmp, 'home');
    const main = writeSession(home, '{}\n', summary);
    const child = writeSession(home, '{}\n', undefined, CHILD, SESSION);
    const grok = path.join(home, '.grok');
    writeFileSync(path.join(grok, 'auth.json'), '{}');
    writeFileSync(path.join(path.dirname(main), 'events.jsonl'), '{}');
    writeFileSync(path.join(path.dirname(main), 'updates.jsonl'), '{}');
    writeFileSync(path.join(grok, 'sessions', encodeURIComponent(CWD), 'prompt_history.jsonl'), '{}');
    expect((await grokCliProvider.locate(home)).sort()).toEqual([path.join(path.dirname(main), 'updates.jsonl'), child].sort());
    expect(await grokCliProvider.locate(path.join(tmp, 'nowhere'))).toEqual([]);
  });

  it('resumes with grok --resume <id> in the cwd', async () => {
    const c = await parseOne(writeSession(path.join(tmp, 'h7'), `${lines.join('\n')}\n`, summary));
    expect(grokCliProvider.resumeCommand(c)).toEqual({ command: `grok --resume ${SESSION}`, cwd: CWD });
  });
});
