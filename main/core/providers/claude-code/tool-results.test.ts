/**
 * Large tool results: Claude Code keeps a `<persisted-output>` stub in the transcript and the
 * whole output in `<session>/tool-results/<name>`. The stub's wording, `toolUseResult` fields and
 * file layout below are those of the real 2.1.62 and 2.1.79 fixtures (#19, #18), whose
 * companion files were not published; the companions here are written by the test.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation, ToolCallResponsePart } from '../../../../shared/record';
import { claudeCodeProvider } from './index';
import { providerUnderTest } from '../../../../test/provider-kit';

const { tmp, parseAll } = providerUnderTest(claudeCodeProvider);

const FULL = `${'diff --git a/src/app.ts b/src/app.ts\n+ a changed line\n'.repeat(1200)}the last line of the output\n`;

function put(file: string, text: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

/** A Bash call and its result as a stub pointing at `savedTo`. */
function transcript(sessionId: string, savedTo: string, extra: Record<string, unknown> = {}): string {
  const envelope = { isSidechain: false, userType: 'external', cwd: '/work/app', sessionId, version: '2.1.250', gitBranch: 'main', ...extra };
  const stub = `<persisted-output>\nOutput too large (${(FULL.length / 1024).toFixed(1)}KB). Full output saved to: ${savedTo}\n\nPreview (first 2KB):\n${FULL.slice(0, 2048)}\n...\n</persisted-output>`;
  return [
    { ...envelope, parentUuid: null, uuid: 'u1', type: 'user', timestamp: '2026-09-01T10:00:00.000Z', message: { role: 'user', content: 'show me the diff' } },
    {
      ...envelope,
      parentUuid: 'u1',
      uuid: 'a1',
      type: 'assistant',
      timestamp: '2026-09-01T10:00:02.000Z',
      message: { id: 'msg_1', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'tool_use', id: 'toolu_big', name: 'Bash', input: { command: 'git diff' } }] },
    },
    {
      ...envelope,
      parentUuid: 'a1',
      uuid: 'r1',
      type: 'user',
      timestamp: '2026-09-01T10:00:03.000Z',
      message: { role: 'user', content: [{ tool_use_id: 'toolu_big', type: 'tool_result', content: stub }] },
      toolUseResult: { stdout: FULL.slice(0, 30000), stderr: '', interrupted: false, isImage: false, noOutputExpected: false, persistedOutputPath: savedTo, persistedOutputSize: FULL.length },
    },
  ]
    .map((r) => JSON.stringify(r))
    .join('\n')
    .concat('\n');
}

function response(c: Conversation): ToolCallResponsePart {
  return c.messages.flatMap((m) => m.parts).find((p): p is ToolCallResponsePart => p.type === 'tool_call_response')!;
}

describe('claude-code tool-results companions', () => {
  it('shows the full output from tool-results/ instead of the stub', async () => {
    const sid = 'acc53d32-5580-4747-9273-e2acff2ba566';
    const project = path.join(tmp, 'full', 'projects', '-work-app');
    // The stub names the file where it was written, on the machine that wrote it.
    put(path.join(project, sid, 'tool-results', 'b2a12tqgj.txt'), FULL);
    const file = put(path.join(project, `${sid}.jsonl`), transcript(sid, `/home/someone/.claude/projects/-work-app/${sid}/tool-results/b2a12tqgj.txt`));
    const [main] = await parseAll(file);
    expect(response(main).response).toBe(FULL);
    expect(main.warnings).toEqual([]);
    // The record as written (the stub) stays in native.
    expect(main.messages.at(-1)!.native).toContain('<persisted-output>');
  });

  it('reads a session’s companions even when the home sits in a folder named subagents', async () => {
    const sid = 'f1f1f1f1-5580-4747-9273-e2acff2ba566';
    const project = path.join(tmp, 'subagents', 'home', '.claude', 'projects', '-work-app');
    put(path.join(project, sid, 'tool-results', 'b3.txt'), FULL);
    const [main] = await parseAll(put(path.join(project, `${sid}.jsonl`), transcript(sid, `/elsewhere/${sid}/tool-results/b3.txt`)));
    expect(response(main).response).toBe(FULL);
  });

  it('reads a subagent’s companions from its session folder, whatever separators the stub was written with', async () => {
    const sid = 'b3a407be-a166-40f5-b6cb-13afd73525a1';
    const session = path.join(tmp, 'sub', 'projects', '-work-app', sid);
    put(path.join(session, 'tool-results', 'b9excv8zh.txt'), FULL);
    const file = put(path.join(session, 'subagents', 'agent-a1.jsonl'), transcript(sid, `C:\\Users\\Some One\\.claude\\projects\\C--work-app\\${sid}\\tool-results\\b9excv8zh.txt`, { isSidechain: true, agentId: 'a1' }));
    const [agent] = await parseAll(file);
    expect(response(agent).response).toBe(FULL);
  });

  it('keeps the stub and warns when the file is gone from the session folder', async () => {
    const sid = 'c0c0c0c0-5580-4747-9273-e2acff2ba566';
    const project = path.join(tmp, 'gone', 'projects', '-work-app');
    put(path.join(project, sid, 'tool-results', 'other.txt'), 'unrelated');
    const file = put(path.join(project, `${sid}.jsonl`), transcript(sid, `/home/someone/.claude/projects/-work-app/${sid}/tool-results/vanished.txt`));
    const [main] = await parseAll(file);
    expect(response(main).response.startsWith('<persisted-output>\nOutput too large')).toBe(true);
    expect(main.warnings).toEqual([{ line: 3, message: 'Tool result toolu_big: its full output (tool-results/vanished.txt) is no longer there; kept the preview Claude Code wrote inline' }]);
  });

  it('never reads outside the session’s tool-results folder, whatever the stub names', async () => {
    const sid = 'd0d0d0d0-5580-4747-9273-e2acff2ba566';
    const project = path.join(tmp, 'escape', 'projects', '-work-app');
    put(path.join(project, sid, 'tool-results', 'keep.txt'), 'x');
    put(path.join(project, 'secret.txt'), 'not an output');
    const file = put(path.join(project, `${sid}.jsonl`), transcript(sid, `${project}/${sid}/tool-results/../../secret.txt`));
    const [main] = await parseAll(file);
    expect(response(main).response).not.toContain('not an output');
    expect(main.warnings.map((w) => w.message)).toEqual(['Tool result toolu_big: its full output (tool-results/secret.txt) is no longer there; kept the preview Claude Code wrote inline']);
  });

  it('shows an MCP tool’s result saved apart for its size, not the error stub naming its file', async () => {
    // The stub's wording is 2.1.x's mcpOutputStorage (public transcripts and prompt extracts): a
    // sentence ending in a period after the path, then how to read the file.
    const sid = 'a7a7a7a7-5580-4747-9273-e2acff2ba566';
    const project = path.join(tmp, 'mcp', 'projects', '-work-app');
    const name = 'mcp-plugin_devtools-evaluate_script-1784908372707.txt';
    put(path.join(project, sid, 'tool-results', name), FULL);
    const stub = `Error: result (${FULL.length.toLocaleString('en-US')} characters) exceeds maximum allowed tokens. Output has been saved to /home/someone/.claude/projects/-work-app/${sid}/tool-results/${name}.\nFormat: Plain text\nUse offset and limit parameters to read specific portions of the file.`;
    const lines = transcript(sid, '')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    lines[2] = { ...lines[2], toolUseResult: undefined, message: { role: 'user', content: [{ tool_use_id: 'toolu_big', type: 'tool_result', content: [{ type: 'text', text: stub }] }] } };
    const [main] = await parseAll(put(path.join(project, `${sid}.jsonl`), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`));
    expect(response(main).response).toBe(FULL);
    expect(main.warnings).toEqual([]);
  });

  it('keeps the stub silently for a transcript copied without its session folder (the stub says what it is)', async () => {
    const file = put(path.join(tmp, 'alone', 'full.jsonl'), transcript('e0e0e0e0-5580-4747-9273-e2acff2ba566', '/home/someone/x/tool-results/b2.txt'));
    const [main] = await parseAll(file);
    expect(response(main).response.startsWith('<persisted-output>')).toBe(true);
    expect(main.warnings).toEqual([]);
  });
});
