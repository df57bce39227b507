/**
 * Amp keeps threads on its servers; what a person can save locally is `amp threads export
 * <T-id>` (the thread as JSON) and `amp threads markdown <T-id>` (the thread as Markdown). Both
 * are imported through the real CLI. Shapes from published descriptions of the CLI's output
 * (docs.rs txcript `harness::amp`: the export is the thread document, with
 * `protocolMessageID`, a 1-based `messageId`, `usage.timestamp`; real `amp threads markdown`
 * renders: YAML front matter `title` / `threadId` / `created` / `agentMode`, then `## User` /
 * `## Assistant` sections, `**Tool Use:** \`name\`` with a fenced JSON input and
 * `**Tool Result:** \`toolu_…\`` with a fenced output). No real file is committed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Conversation, Part } from '../shared/record';
import { dejavu, dejavuJson } from './cli';

const T = 'T-019b45c1-7a63-712a-a02c-24b70718b972';
const FENCE = '```';

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function scratch() {
  const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-amp-exports-'));
  made.push(work);
  mkdirSync(path.join(work, 'saved'), { recursive: true });
  return { work, env: { HOME: path.join(work, 'home'), DEJAVU_HOME: path.join(work, 'archive') } };
}

const parts = (c: Conversation): Part[] => c.messages.flatMap((m) => m.parts);

describe('Amp thread exports through dejavu import', () => {
  it('imports `amp threads export` JSON', () => {
    const { work, env } = scratch();
    const doc = {
      v: 42,
      id: T,
      created: 1766401866340,
      title: 'Find the failing test',
      messages: [
        { role: 'user', messageId: 1, protocolMessageID: 'M-0001', content: [{ type: 'text', text: 'which test fails?' }], meta: { sentAt: 1766401866400 }, readAt: null },
        {
          role: 'assistant',
          messageId: 2,
          protocolMessageID: 'M-0002',
          content: [{ type: 'text', text: 'Running them.' }, { type: 'tool_use', id: 'toolu_01', name: 'shell_command', input: { command: 'npm test', workdir: '/home/me/shop' } }],
          usage: { model: 'claude-sonnet-4-5', timestamp: '2025-12-22T11:11:10.000Z', inputTokens: 7, outputTokens: 30, cacheReadInputTokens: 1200, cacheCreationInputTokens: 20 },
          state: { type: 'complete', stopReason: 'tool_use' },
        },
        { role: 'user', messageId: 3, protocolMessageID: 'M-0003', content: [{ type: 'tool_result', toolUseID: 'toolu_01', run: { status: 'done', result: { output: 'FAIL cart.test.ts', exitCode: 1 } } }] },
        { role: 'assistant', messageId: 4, protocolMessageID: 'M-0004', content: [{ type: 'text', text: 'cart.test.ts fails.' }], state: { type: 'complete', stopReason: 'end_turn' } },
      ],
    };
    const file = path.join(work, 'saved', 'failing-test.json');
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const r = dejavu(['import', file], env);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('1 new');
    const c = dejavuJson<Conversation>(['show', `amp_${T}`], env);
    expect(c.messages.filter((m) => m.role === 'user').map((m) => m.parts)).toEqual([[{ type: 'text', content: 'which test fails?' }]]);
    expect(parts(c).filter((p) => p.type === 'tool_call_response').map((p) => p.type === 'tool_call_response' && p.id)).toEqual(['toolu_01']);
    expect(c.title).toBe('Find the failing test');
  });

  it('imports `amp threads markdown` output', () => {
    const { work, env } = scratch();
    const md = [
      '---',
      'title: Find the failing test',
      `threadId: ${T}`,
      'created: 2025-12-22T11:11:06.340Z',
      'agentMode: smart',
      '---',
      '',
      '# Find the failing test',
      '',
      '## User',
      '',
      'which test fails?',
      '',
      'Look in `cart/`:',
      '',
      `${FENCE}ts`,
      '## User',
      'a heading inside a code block is not a new section',
      FENCE,
      '',
      '## Assistant',
      '',
      'Running them.',
      '',
      '**Tool Use:** `shell_command`',
      '',
      `${FENCE}json`,
      '{',
      '  "command": "npm test"',
      '}',
      FENCE,
      '',
      '**Tool Use:** `Read`',
      '',
      `${FENCE}json`,
      '{"path": "cart.ts"}',
      FENCE,
      '',
      '## User',
      '',
      '**Tool Result:** `toolu_01`',
      '',
      FENCE,
      '{',
      '  "output": "FAIL cart.test.ts",',
      '  "exitCode": 1',
      '}',
      FENCE,
      '',
      '**Tool Result:** `toolu_02`',
      '',
      FENCE,
      'export const total = 1;',
      FENCE,
      '',
      '## Assistant',
      '',
      'cart.test.ts fails.',
      '',
      '## User',
      '',
      'fix it',
      '',
    ].join('\n');
    const file = path.join(work, 'saved', `${T}.md`);
    writeFileSync(file, md);
    const r = dejavu(['import', file], env);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('1 new');
    const c = dejavuJson<Conversation>(['show', `amp_${T}`], env);
    expect(c).toMatchObject({ agent: 'amp', title: 'Find the failing test', startedAt: '2025-12-22T11:11:06.340Z' });
    expect(c.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'tool', 'assistant', 'user']);
    expect(c.messages[0].parts).toEqual([{ type: 'text', content: 'which test fails?\n\nLook in `cart/`:\n\n```ts\n## User\na heading inside a code block is not a new section\n```' }]);
    expect(c.messages[1].parts).toEqual([
      { type: 'text', content: 'Running them.' },
      { type: 'tool_call', id: 'toolu_01', name: 'shell_command', arguments: '{\n  "command": "npm test"\n}' },
      { type: 'tool_call', id: 'toolu_02', name: 'Read', arguments: '{"path": "cart.ts"}' },
    ]);
    expect(c.messages[2].parts).toEqual([{ type: 'tool_call_response', id: 'toolu_01', response: '{\n  "output": "FAIL cart.test.ts",\n  "exitCode": 1\n}' }]);
    expect(c.messages[3].parts).toEqual([{ type: 'tool_call_response', id: 'toolu_02', response: 'export const total = 1;' }]);
    expect(c.messages.at(-1)!.parts).toEqual([{ type: 'text', content: 'fix it' }]);
  });
});
