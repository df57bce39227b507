/**
 * The Cline SDK's sessions (`~/.cline/data/sessions/<id>/<id>.messages.json`, CLI 3.x and the new
 * VS Code extension, from April 2026). No real file was found: the sessions below are laid out
 * after sdk/packages/core/docs/messages-contract-v1.md and its golden example, and the wrappers
 * @cline/shared writes around typed text (formatUserInputBlock, formatUserCommandBlock,
 * formatModeSwitchNotice, formatFileContentBlock), the legacy resume warning
 * (legacy-task-handling.ts) and the manifest's fork link (`metadata.fork.forkedFromSessionId`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../../shared/record';
import { ArchiveReader } from '../../access/archive-reader';
import { fileParseContext } from '../../capture/parse-context';
import { readHead } from '../../capture/read-lines';
import { sync } from '../../capture/sync';
import { providerUnderTest, textOf } from '../../../../test/provider-kit';
import { clineProvider } from './index';

const { tmp } = providerUnderTest(clineProvider);

type Obj = Record<string, unknown>;
const T = Date.parse('2026-09-14T10:00:00.000Z');
const user = (id: string, ...content: Obj[]): Obj => ({ id, role: 'user', content });
const said = (id: string, content: Obj[], n: number, metrics?: Obj): Obj => ({ id, role: 'assistant', content, ts: T + n * 1000, modelInfo: { id: 'claude-sonnet-4-6', provider: 'anthropic' }, ...(metrics ? { metrics } : {}) });
const text = (t: string): Obj => ({ type: 'text', text: t });
const NOTICE = '<mode_notice>The user switched from plan mode to act mode before sending this message.</mode_notice>';
const FILE = '<file_content path="src/auth.ts">\nexport function login() {}\n</file_content>';

/** Writes `sessions/<id>/<id>.messages.json` (and its manifest) under `root`; returns the messages file. */
function session(root: string, id: string, messages: Obj[], manifest: Obj = {}, agent = 'lead'): string {
  const dir = path.join(root, id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${id}.json`), JSON.stringify({ version: 1, session_id: id, status: 'completed', cwd: '/home/me/shop', ...manifest }));
  writeFileSync(path.join(dir, 'hooks.jsonl'), '{"event":"TaskStart"}\n');
  const file = path.join(dir, `${id}.messages.json`);
  writeFileSync(file, JSON.stringify({ version: 1, updated_at: '2026-09-14T10:10:00.000Z', agent, sessionId: id, messages }, null, 2));
  return file;
}

async function parse(file: string): Promise<Conversation> {
  const [c] = await clineProvider.parse(fileParseContext(file));
  return c;
}

const byRole = (c: Conversation, role: string) => c.messages.filter((m) => m.role === role);

describe('cline provider: Cline SDK sessions (<id>.messages.json)', () => {
  it('reads what was typed out of its wrappers, the runtime’s additions as system, calls, results and usage', async () => {
    const root = path.join(tmp, 'home', '.cline', 'data', 'sessions');
    const file = session(root, 'sess_a1', [
      user('u1', text(`<user_input mode="act">${NOTICE}\nfix the failing login test</user_input>\n${FILE}`)),
      said('a1', [{ type: 'thinking', thinking: 'Read the test first.' }, { type: 'tool_use', id: 'toolu_1', name: 'read_files', input: { paths: ['src/auth.test.ts'] } }], 1),
      user('u2', { type: 'tool_result', tool_use_id: 'toolu_1', content: 'expect(login()).toBe(true)', is_error: false }),
      said('a2', [text('Fixed: login now returns true.')], 2, { inputTokens: 120, outputTokens: 30, cacheReadTokens: 10, cacheWriteTokens: 5, cost: 0.01 }),
      // formatGoalTaskPrompt / the /team rewrite: a bare command envelope (formatDisplayUserInput shows `/goal …`, `/team …`).
      user('u3', text('<user_command slash="goal">ship the release notes</user_command>')),
      said('a3', [text('The release notes are out.')], 3, { inputTokens: 200, outputTokens: 40, cacheReadTokens: 0, cacheWriteTokens: 0, cost: 0.02 }),
      user('u4', text('<user_command slash="team">spawn a team of agents for the following task: inspect rpc startup</user_command>')),
      // What the runtime writes as the user's: a continuation prompt, a compaction summary, a status row.
      user('r1', text('<user_input mode="act">[TASK RESUMPTION] Please continue where you left off.</user_input>')),
      { ...user('r2', text('Summary of the work so far: tests fixed.')), metadata: { kind: 'compaction_summary' } },
      { ...user('r3', text('<hook_context source="PreToolUse">lint ok</hook_context>')), metadata: { displayRole: 'status' } },
    ], { metadata: { title: 'Fix the login test' }, started_at: '2026-09-14T09:59:58.000Z' });
    const c = await parse(file);
    expect(c.nativeId).toBe('sess_a1');
    expect(byRole(c, 'user').map(textOf)).toEqual(['fix the failing login test', '/goal ship the release notes', '/team inspect rpc startup']);
    const added = byRole(c, 'system').map(textOf).join('\n');
    for (const piece of [NOTICE, 'export function login() {}', '[TASK RESUMPTION]', 'Summary of the work so far', 'lint ok']) expect(added).toContain(piece);
    expect(c.messages.find((m) => textOf(m).startsWith('Summary of the work'))?.kind).toBe('compaction-summary');
    // Only assistant messages carry a time: the others take the one before them, the first the session's start.
    expect(c.startedAt).toBe('2026-09-14T09:59:58.000Z');
    expect(c.messages.every((m) => m.timestamp !== undefined)).toBe(true);
    expect(byRole(c, 'assistant').map(textOf).filter(Boolean)).toEqual(['Fixed: login now returns true.', 'The release notes are out.']);
    const parts = c.messages.flatMap((m) => m.parts);
    expect(parts).toContainEqual({ type: 'reasoning', content: 'Read the test first.' });
    expect(parts.find((p) => p.type === 'tool_call')).toMatchObject({ id: 'toolu_1', name: 'read_files' });
    expect(parts.find((p) => p.type === 'tool_call_response')).toMatchObject({ id: 'toolu_1', response: 'expect(login()).toBe(true)' });
    expect(c.usage).toEqual({ inputTokens: 320, outputTokens: 70, cacheReadTokens: 10, cacheWriteTokens: 5 });
    expect([c.cwd, c.title, c.models]).toEqual(['/home/me/shop', 'Fix the login test', ['claude-sonnet-4-6']]);
  });

  it('reads an older writer’s unwrapped prompts as typed', async () => {
    const file = session(path.join(tmp, 'plain'), 'sess_p1', [user('u1', text('Inspect the README and summarize it.')), said('a1', [text('It describes a fixture.')], 1)]);
    const c = await parse(file);
    expect(byRole(c, 'user').map(textOf)).toEqual(['Inspect the README and summarize it.']);
    expect(c.title).toBe('Inspect the README and summarize it.');
  });

  it('leaves a resumed legacy task’s old history to the task’s own record, and a fork’s copies to its parent', async () => {
    const root = path.join(tmp, 'resumed');
    const resumed = session(root, '1784929680190', [
      user('c1', text('<task>\nold prompt\n</task>')),
      said('c2', [text('old answer')], 1),
      user('w', text('[cline-legacy-resume-warning:v1]\nWarning: this conversation was created by an older Cline runtime. Tool names … may be obsolete.')),
      user('n1', text('<user_input mode="act">carry on with the refactor</user_input>')),
      said('n2', [text('Carrying on.')], 2),
    ]);
    const r = await parse(resumed);
    expect(r.messages.map((m) => `${m.role}:${m.kind ?? ''}:${textOf(m).slice(0, 20)}`)).toEqual([
      'system:legacy-resume:[cline-legacy-resume',
      'user::carry on with the re',
      'assistant::Carrying on.',
    ]);

    // The older wording of the warning, in a message that also carries an old text block.
    const older = session(root, 'task_old', [
      user('o1', text('<task>\nold prompt\n</task>')),
      user('ow', text('some old text'), text('Warning: this is a legacy conversation, which means tool names may have changed. Please use the most up-to-date tools you are aware of.')),
      user('on', text('<user_input mode="act">go on</user_input>')),
    ]);
    const o = await parse(older);
    expect(byRole(o, 'user').map(textOf)).toEqual(['some old text', 'go on']);
    expect(o.messages.find((m) => m.kind === 'legacy-resume')).toBeDefined();

    const parentMessages = [
      user('p1', text('<user_input mode="act">build the cart</user_input>')),
      said('p2', [{ type: 'tool_use', id: 'toolu_c', name: 'write_file', input: { path: 'cart.ts' } }], 1),
      user('p3', { type: 'tool_result', tool_use_id: 'toolu_c', content: 'written' }),
      said('p4', [text('Cart built.')], 2),
      user('p5', text('<user_input mode="act">second</user_input>')),
    ];
    const parent = session(root, 'sess_parent', parentMessages);
    // Copied as a fork's start, a tool result is re-keyed `<id>_tool_<tool_use_id>` (agent-message-codec.ts).
    const fork = session(root, 'sess_fork', [
      ...parentMessages.map((m) => (m.id === 'p3' ? { ...m, id: 'p3_tool_toolu_c' } : m)),
      user('f1', text('<user_input mode="act">now add a coupon field</user_input>')),
      said('f2', [text('Added the coupon field.')], 3),
    ], { metadata: { title: 'Coupon', fork: { forkedFromSessionId: 'sess_parent' } } });
    const f = await parse(fork);
    expect(byRole(f, 'user').map(textOf)).toEqual(['now add a coupon field']);
    expect(f.messages[0]).toMatchObject({ role: 'system', kind: 'fork' });
    expect(f.parentId).toBe((await parse(parent)).id);
    expect(f.relation).toBe('fork');
  });

  it('keeps an image kept apart in the session’s blobs, and reads a subagent’s file beside its lead’s as its own', async () => {
    const root = path.join(tmp, 'media', '.cline', 'data', 'sessions');
    const lead = session(root, 'sess_lead', [
      user('u1', text('<user_input mode="act">what is wrong in this screenshot?</user_input>'), { type: 'image_ref', blobId: 'ab12cd', mediaType: 'image/png', bytes: 8 }),
      said('a1', [{ type: 'tool_use', id: 'toolu_s', name: 'spawn_agent', input: { task: 'read the logs' } }], 1),
    ]);
    mkdirSync(path.join(root, 'sess_lead', 'blobs'), { recursive: true });
    writeFileSync(path.join(root, 'sess_lead', 'blobs', 'ab12cd.png'), Buffer.from('89504e47', 'hex'));
    // subagentArtifactPaths: `<rootId>/<agentId>.messages.json`, whose sessionId is the lead's.
    const sub = path.join(root, 'sess_lead', 'agent_7.messages.json');
    writeFileSync(sub, JSON.stringify({ version: 1, agent: 'subagent', sessionId: 'sess_lead', messages: [user('s1', text('read the logs')), said('s2', [text('The logs show a timeout.')], 2)] }));
    const [c] = await clineProvider.parse(fileParseContext(lead));
    expect(byRole(c, 'user')[0].parts).toContainEqual({ type: 'blob', modality: 'image', mimeType: 'image/png', content: Buffer.from('89504e47', 'hex').toString('base64') });
    const [s] = await clineProvider.parse(fileParseContext(sub));
    expect(s.id).not.toBe(c.id);
    expect([s.parentId, s.relation]).toEqual([c.id, 'subagent']);
    expect(byRole(s, 'assistant').map(textOf)).toEqual(['The logs show a timeout.']);
    expect(s.messages[0].kind).toBe('subagent-task');
    expect(await clineProvider.locate(path.join(tmp, 'media'))).toEqual([sub, lead].sort());
  });

  it('is found by a sync of the home, and its manifest and hooks log are not conversations', async () => {
    const home = path.join(tmp, 'synced');
    const file = session(path.join(home, '.cline', 'data', 'sessions'), 'sess_s1', [user('u1', text('<user_input mode="plan">plan the migration</user_input>')), said('a1', [text('Step 1: back up.')], 1)]);
    expect(await clineProvider.locate(home)).toEqual([file]);
    expect(clineProvider.detect({ path: file, head: await readHead(file) })).toBe(true);
    const root = path.join(tmp, 'synced-archive');
    const report = await sync({ root, sources: [home] });
    expect(report.errors).toEqual([]);
    const reader = new ArchiveReader(root);
    try {
      const [listed] = reader.list();
      expect(listed).toMatchObject({ agent: 'cline', nativeId: 'sess_s1', title: 'plan the migration' });
      expect(byRole(reader.get(listed.id), 'user').map(textOf)).toEqual(['plan the migration']);
    } finally {
      reader.close();
    }
  });
});
