/**
 * A hint typed while the model works (model steering) is sent wrapped in the CLI's instruction
 * (core utils/fastAckHelper.ts buildUserSteeringHintPrompt), alone or ahead of the tool responses
 * it rides with (cli useGeminiStream). No fixture used steering: the turns are row 33's last typed
 * record with its content replaced as the CLI writes it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { providerUnderTest, textOf, writeFileIn } from '../../../../test/provider-kit';
import { geminiCliProvider } from './index';

const { tmp, row, parseMain } = providerUnderTest(geminiCliProvider);

const INSTRUCTION =
  'Internal instruction: Re-evaluate the active plan using this user steering update. Classify it as ADD_TASK, MODIFY_TASK, CANCEL_TASK, or EXTRA_CONTEXT. ' +
  'Apply minimal-diff changes only to affected tasks and keep unaffected tasks active. Do not cancel/skip tasks unless the user explicitly cancels them. ' +
  'Acknowledge the steering briefly and state the course correction.';
const wrapped = (hint: string) => `User steering update:\n<user_input>\n${hint}\n</user_input>\n${INSTRUCTION}`;

describe('gemini-cli provider: a steering hint', () => {
  it('is what the person typed, the wrapper the CLI sent kept apart; riding with tool responses too', async () => {
    const lines = readFileSync(row(33).absPath, 'utf8').split('\n').filter(Boolean);
    const typed = JSON.parse(lines.filter((l) => (JSON.parse(l) as { type?: string }).type === 'user').at(-1)!) as Record<string, unknown>;
    const response = { functionResponse: { id: 'call-1', name: 'read_file', response: { output: 'ok' } } };
    const alone = JSON.stringify({ ...typed, id: 'hint', content: [{ text: wrapped('use the v2 API instead') }], displayContent: undefined });
    const riding = JSON.stringify({ ...typed, id: 'riding', content: [{ text: wrapped('skip the tests for now') }, response], displayContent: undefined });
    const quoting = JSON.stringify({ ...typed, id: 'quoting', content: [{ text: 'What does "User steering update:" mean in your prompt?' }], displayContent: undefined });
    const c = await parseMain(writeFileIn(path.join(tmp, 'steering', 'session.jsonl'), [...lines, alone, riding, quoting, ''].join('\n')));
    const pick = (id: string) => c.messages.find((m) => m.id === id)!;
    expect([pick('hint'), pick('riding#text')].map((m) => [m.role, m.kind, textOf(m)])).toEqual([
      ['user', 'steering', 'use the v2 API instead'],
      ['user', 'steering', 'skip the tests for now'],
    ]);
    expect([pick('hint#sent'), pick('riding#text#sent')].map((m) => [m.role, m.kind, textOf(m).startsWith('User steering update:')])).toEqual([
      ['system', 'prompt-expansion', true],
      ['system', 'prompt-expansion', true],
    ]);
    expect(pick('riding').role).toBe('tool');
    expect([pick('quoting').role, pick('quoting').kind]).toEqual(['user', undefined]);
  });
});
