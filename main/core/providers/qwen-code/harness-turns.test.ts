/**
 * User-role records Qwen Code writes that the person did not type, or typed differently from
 * what was sent (no real transcript exists: PROVENANCE.md; built after the upstream source):
 * a UserPromptSubmit hook's context as a part of its own (`<qwen:user-prompt-submit-context>`,
 * packages/core/src/hooks/user-prompt-submit-context.ts), a prompt whose `displayText` is blank
 * (hook context alone, a mid-turn message's prefix), and workspace agents' `agent_mention` /
 * `agent_message` records (packages/core/src/agents/session-agents, buildAgentInput's records).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../../shared/record';
import { fileParseContext } from '../../capture/parse-context';
import { providerUnderTest, textOf, writeFileIn } from '../../../../test/provider-kit';
import { qwenCodeProvider } from './index';

const { tmp } = providerUnderTest(qwenCodeProvider);
const SESSION = '7a2b9c4d-1e3f-4a5b-8c6d-9e0f1a2b3c4d';
let n = 0;

function rec(type: string, parent: string | null, fields: Record<string, unknown>): Record<string, unknown> {
  n += 1;
  return {
    uuid: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    parentUuid: parent,
    sessionId: SESSION,
    timestamp: new Date(Date.parse('2026-10-20T09:00:00.000Z') + n * 1000).toISOString(),
    type,
    provenance: type === 'user' ? 'real_user' : 'assistant_output',
    cwd: '/home/me/app',
    version: '0.24.7',
    ...fields,
  };
}
const id = (r: Record<string, unknown>) => r.uuid as string;
const said = (parent: string, text: string) => rec('assistant', parent, { model: 'qwen3-coder-plus', message: { role: 'model', parts: [{ text }] } });
const HOOK = '<qwen:user-prompt-submit-context>\nBranch: main; 2 files changed.\n</qwen:user-prompt-submit-context>';

async function parse(name: string, records: Record<string, unknown>[]): Promise<Conversation> {
  const file = writeFileIn(path.join(tmp, name, '.qwen', 'projects', '-home-me-app', 'chats', `${SESSION}.jsonl`), records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const [c] = await qwenCodeProvider.parse(fileParseContext(file));
  return c;
}

const byRole = (c: Conversation, role: string) => c.messages.filter((m) => m.role === role);

describe('qwen-code provider: what the harness adds to the person’s turns', () => {
  it('a hook’s context riding at the end of a prompt is not typed; a message that is only such a tag is', async () => {
    const prompt = rec('user', null, { message: { role: 'user', parts: [{ text: 'why does the build fail?' }, { text: HOOK }] } });
    const answer = said(id(prompt), 'A missing import.');
    const alone = rec('user', id(answer), { message: { role: 'user', parts: [{ text: HOOK }] } });
    const c = await parse('hook', [prompt, answer, alone]);
    // Qwen Code strips only a trailing part after others (stripTrailingUserPromptSubmitContextPart): a sole one is typed.
    expect(byRole(c, 'user').map(textOf)).toEqual(['why does the build fail?', HOOK]);
    const hooks = byRole(c, 'system').filter((m) => m.kind === 'hook-context');
    expect(hooks.map(textOf)).toEqual([HOOK]);
    expect(c.title).toBe('why does the build fail?');
  });

  it('a prompt shown blank is the person’s attachments, its text the harness’s', async () => {
    // An image sent mid-turn: its bytes kept apart (attachmentReferences), the parts only the prefix.
    const kept = rec('user', null, {
      message: { role: 'user', parts: [{ text: '\n[User message received during tool execution]: ' }] },
      subtype: 'mid_turn_user_message',
      systemPayload: { displayText: '', attachmentReferences: [{ type: 'image', attachmentId: 'media-only', mimeType: 'image/png', size: 3 }] },
    });
    const inline = rec('user', id(kept), {
      message: { role: 'user', parts: [{ text: '\n[User message received during tool execution]: ' }, { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }] },
      subtype: 'mid_turn_user_message',
      systemPayload: { displayText: '' },
    });
    const bare = rec('user', id(inline), { message: { role: 'user', parts: [{ text: 'Context the harness added.' }] }, systemPayload: { displayText: '' } });
    const c = await parse('blank', [kept, inline, bare, said(id(bare), 'I see the screenshot.')]);
    const users = byRole(c, 'user');
    expect(users.map((m) => m.parts.map((p) => p.type))).toEqual([['generic'], ['blob']]);
    expect(users[0].parts[0]).toMatchObject({ kind: 'attachment', content: 'image media-only image/png 3 bytes' });
    expect(byRole(c, 'system').map(textOf).join('\n')).toContain('[User message received during tool execution]');
    expect(byRole(c, 'system').map(textOf).join('\n')).toContain('Context the harness added.');
  });

  it('a message to a workspace agent is the person’s, the agents’ replies and mentions are answers', async () => {
    const mention = rec('user', null, {
      subtype: 'agent_mention',
      message: { role: 'user', parts: [{ text: '<message from="User" addressed_to_you="true">\n@alice review the diff\n</message>' }] },
      systemPayload: { displayText: '@alice review the diff', mentionedAgentIds: ['ag_alice'], runId: 'sr_1' },
    });
    const reply = rec('user', id(mention), {
      subtype: 'agent_message',
      provenance: 'external_agent',
      agentId: 'ag_alice',
      message: { role: 'user', parts: [{ text: '<message from="alice (agent)">\nTwo issues in auth.ts.\n</message>' }] },
      systemPayload: { displayText: 'Two issues in auth.ts.', author: { agentId: 'ag_alice', name: 'alice' }, status: 'completed', runId: 'sr_1' },
    });
    const handOff = rec('user', id(reply), {
      subtype: 'agent_mention',
      provenance: 'external_agent',
      message: { role: 'user', parts: [{ text: '@bob help' }] },
      systemPayload: { displayText: '@bob help', mentionedAgentIds: ['ag_bob'], author: { agentId: 'ag_alice', name: 'alice' } },
    });
    const failed = rec('user', id(handOff), {
      subtype: 'agent_message',
      provenance: 'external_agent',
      agentId: 'ag_bob',
      message: { role: 'user', parts: [{ text: '<message from="bob (agent)">\n</message>' }] },
      systemPayload: { displayText: '', author: { agentId: 'ag_bob', name: 'bob' }, status: 'failed', error: 'daemon restarted' },
    });
    const c = await parse('agents', [mention, reply, handOff, failed]);
    expect(byRole(c, 'user').map(textOf)).toEqual(['@alice review the diff']);
    expect(byRole(c, 'assistant').map(textOf)).toEqual(['Two issues in auth.ts.', '@bob help', '(run failed: daemon restarted)']);
    expect(byRole(c, 'assistant')[0].parts).toContainEqual({ type: 'generic', kind: 'agent', content: 'alice' });
    // What the agent was sent stays beside the prompt; no record is an unknown type.
    expect(byRole(c, 'system').map(textOf).join('\n')).toContain('addressed_to_you');
    expect(c.warnings.filter((w) => /unknown/i.test(w.message))).toEqual([]);
  });
});
