/**
 * User turns that are not a plain prompt. A hint typed while the model works (model steering) is
 * sent wrapped in the CLI's instruction (core utils/fastAckHelper.ts buildUserSteeringHintPrompt),
 * alone or ahead of the tool responses it rides with (cli useGeminiStream); leaving plan mode by
 * hand and `/directory add` add turns of the CLI's own. No fixture has any of them: the turns are
 * row 33's last typed record with its content replaced as the CLI writes it.
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

/** Row 33 with a user turn of each given content (by id) appended; its messages by id. */
async function withTurns(name: string, turns: Record<string, unknown[]>) {
  const lines = readFileSync(row(33).absPath, 'utf8').split('\n').filter(Boolean);
  const typed = JSON.parse(lines.filter((l) => (JSON.parse(l) as { type?: string }).type === 'user').at(-1)!) as Record<string, unknown>;
  const added = Object.entries(turns).map(([id, content]) => JSON.stringify({ ...typed, id, content, displayContent: undefined }));
  const c = await parseMain(writeFileIn(path.join(tmp, name, 'session.jsonl'), [...lines, ...added, ''].join('\n')));
  return (id: string) => c.messages.find((m) => m.id === id)!;
}

describe('gemini-cli provider: user turns that are not a plain prompt', () => {
  it('a steering hint is what the person typed, the wrapper the CLI sent kept apart; riding with tool responses too', async () => {
    const response = { functionResponse: { id: 'call-1', name: 'read_file', response: { output: 'ok' } } };
    const pick = await withTurns('steering', {
      hint: [{ text: wrapped('use the v2 API instead') }],
      riding: [{ text: wrapped('skip the tests for now') }, response],
      quoting: [{ text: 'What does "User steering update:" mean in your prompt?' }],
      // A background command's completion rides in the same list, after or without a hint.
      mixed: [{ text: wrapped('stop after the build [Background command completed successfully. Output saved to /tmp/gemini/bg/123.log] ok 3 tests') }],
      done: [{ text: wrapped('[Background command completed with error: exit 1. Output saved to /tmp/gemini/bg/124.log] npm ERR!') }],
    });
    expect([pick('mixed').role, pick('mixed').kind, textOf(pick('mixed'))]).toEqual(['user', 'steering', 'stop after the build']);
    expect([pick('done').role, pick('done').kind]).toEqual(['system', 'background-completion']);
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

  it('leaving plan mode by hand and a directory added are the CLI’s turns; a person saying the same in other words is typing', async () => {
    const pick = await withTurns('cli-turns', {
      plan: [{ text: 'User has manually exited Plan Mode. Switching to Auto-Edit mode (edits will be applied automatically).' }],
      dirs: [{ text: '- **Workspace Directories:**\n  - /work/proj\n  - /work/lib\n- **Directory Structure:**\n\nShowing up to 200 items (files + folders).\n\n/work/lib/\n└───index.ts' }],
      person: [{ text: 'User has manually exited Plan Mode. Switching to YOLO? Is that what happened?' }],
    });
    expect(['plan', 'dirs', 'person'].map((id) => [pick(id).role, pick(id).kind])).toEqual([
      ['system', 'mode-change'],
      ['system', 'directory-context'],
      ['user', undefined],
    ]);
  });
});
