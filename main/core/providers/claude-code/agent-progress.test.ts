/**
 * A subagent's turns streamed into its parent's transcript as `agent_progress` records (fixture
 * 10, Claude Code 2.1.56: an Entire checkpoint, the transcript without its session folder). Its
 * five records — the task, a Grep and a Read call with their results — were skipped as progress,
 * so the archive had nothing of the subagent but the parent's Task result.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { conversationId, subConversationId } from '../kit/identity';
import { providerUnderTest, textOf, writeFileIn } from '../../../../test/provider-kit';
import { claudeCodeProvider } from './index';
import { parseClaudeCodeLarge } from './lazy';
import { fileParseContext } from '../../capture/parse-context';
import type { Conversation } from '../../../../shared/record';

const { tmp, row, parseAll } = providerUnderTest(claudeCodeProvider);

const SESSION = 'd2637ab1-8c63-4089-b382-8195dbd85210';
const AGENT = 'a3145cdba40b06901';
const CALL = 'toolu_0155qNv8MkDA2noxUYuKHERz';

describe('claude-code: a subagent known by its progress in the parent transcript', () => {
  it('is a subagent conversation of its own, linked to the call it ran for, the parent unchanged', async () => {
    const conversations = await parseAll(row(10).absPath);
    const agent = conversations.find((c) => c.nativeId === `${SESSION}.agent-${AGENT}`)!;
    expect(agent.id).toBe(subConversationId('claude-code', SESSION, `agent-${AGENT}`));
    expect([agent.parentId, agent.relation, agent.parentToolCallId]).toEqual([conversationId('claude-code', SESSION), 'subagent', CALL]);
    expect(agent.messages.map((m) => [m.role, m.kind ?? ''])).toEqual([
      ['system', 'subagent-task'],
      ['assistant', ''],
      ['tool', ''],
      ['assistant', ''],
      ['tool', ''],
    ]);
    expect(textOf(agent.messages[0])).toMatch(/^Find the implementation of `extract_key_argument`/);
    // As its own file would be titled by its sidecar: the parent call's subagent_type and description.
    expect(agent.title).toBe('Explore: Find extract_key_argument impl');
    const calls = agent.messages.flatMap((m) => m.parts).filter((p) => p.type === 'tool_call');
    const results = agent.messages.flatMap((m) => m.parts).filter((p) => p.type === 'tool_call_response');
    expect(calls.map((p) => p.type === 'tool_call' && p.name)).toEqual(['Grep', 'Read']);
    expect(results.map((p) => p.type === 'tool_call_response' && p.id)).toEqual(calls.map((p) => p.type === 'tool_call' && p.id));
    // Each message keeps the progress record it came in whole.
    for (const m of agent.messages) expect(JSON.parse(m.native as string)).toMatchObject({ type: 'progress', data: { type: 'agent_progress', agentId: AGENT } });
    expect(agent.startedAt).toBe('2026-02-25T08:04:44.964Z');
    // Chained as its own file chains them; nothing misread, so no warning.
    expect(agent.messages.map((m) => m.parentId)).toEqual([undefined, ...agent.messages.slice(0, -1).map((m) => m.id)]);
    expect(agent.warnings).toEqual([]);
    // The parent's thread holds no progress record, as before.
    const main = conversations[0];
    expect(main.id).toBe(conversationId('claude-code', SESSION));
    expect(main.messages.some((m) => m.native?.includes('"agent_progress"'))).toBe(false);
  });

  it('is the same when a huge file’s bodies are left in it and read again from their lines', async () => {
    const whole = await parseAll(row(10).absPath);
    const large = await parseClaudeCodeLarge(fileParseContext(row(10).absPath));
    const read = (cs: Conversation[]) => cs.map((c) => ({ ...c, messages: c.messages.map((m) => ({ ...m, parts: m.parts, native: m.native })) }));
    expect(read(large)).toEqual(read(whole));
  });

  it('reads each streamed message once when the transcript repeats its records', async () => {
    const text = readFileSync(row(10).absPath, 'utf8');
    const doubled = writeFileIn(path.join(tmp, 'doubled', `${SESSION}.jsonl`), text + text);
    const agents = (await parseAll(doubled)).filter((c) => c.nativeId.endsWith(`.agent-${AGENT}`));
    expect(agents.map((c) => c.messages.length)).toEqual([5]);
    // The same streamed message in a second progress record of its own (a new record uuid).
    const lines = text.split('\n');
    const first = lines.findIndex((l) => l.includes('"agent_progress"'));
    const again = lines[first].replace(/"uuid":\s*"81a689bc-[0-9a-f-]+"/, '"uuid":"81a689bc-0000-4000-8000-000000000000"');
    expect(again).not.toBe(lines[first]);
    const repeated = writeFileIn(path.join(tmp, 'repeated', `${SESSION}.jsonl`), [...lines.slice(0, first + 1), again, ...lines.slice(first + 1)].join('\n'));
    const agent = (await parseAll(repeated)).find((c) => c.nativeId.endsWith(`.agent-${AGENT}`))!;
    expect(agent.messages.length).toBe(5);
  });

  it('leaves the subagent to its own file when that file is beside the transcript', async () => {
    for (const [layout, file] of [
      ['2.x', path.join(SESSION, 'subagents', `agent-${AGENT}.jsonl`)],
      ['1.x', `agent-${AGENT}.jsonl`],
      ['workflow', path.join(SESSION, 'subagents', 'workflows', 'wf_1', `agent-${AGENT}.jsonl`)],
      ['workflow beside subagents', path.join(SESSION, 'workflows', 'wf_2', `agent-${AGENT}.jsonl`)],
    ]) {
      const dir = path.join(tmp, `beside-${layout}`, 'projects', '-Users-moonshot-dev-working-kimi-kimi-cli');
      const transcript = writeFileIn(path.join(dir, `${SESSION}.jsonl`), '');
      copyFileSync(row(10).absPath, transcript);
      writeFileIn(path.join(dir, file), '');
      const ids = (await parseAll(transcript)).map((c) => c.nativeId);
      expect(ids.filter((id) => id.includes('.agent-')), layout).toEqual([]);
      expect(ids[0], layout).toBe(SESSION);
    }
  });
});
