/**
 * Clicking an offered option of a follow-up question (or of a plan-mode answer) writes no
 * `user_feedback` entry: Cline rewrites the question's entry with `selected` (legacy-extension
 * AskFollowupQuestionToolHandler, PlanModeRespondHandler). None of the real fixtures clicked one:
 * the entries below are laid out as those handlers write them.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { providerUnderTest, textOf, writeFileIn } from '../../../../test/provider-kit';
import { clineProvider } from './index';

const { tmp, parseAll } = providerUnderTest(clineProvider);
const T = 1_760_000_000_000;
const say = (say: string, text: string, n: number) => ({ ts: T + n, type: 'say', say, text });
const ask = (askKind: string, value: object, n: number) => ({ ts: T + n, type: 'ask', ask: askKind, text: JSON.stringify(value) });

describe('cline provider: an option the person picked', () => {
  it('is their answer; a reply they typed instead is written as feedback, and is theirs too', async () => {
    // The handlers write `selected` for a clicked option, or a user_feedback entry for a typed reply: never both.
    const entries = [
      say('task', 'set up the linter', 0),
      ask('followup', { question: 'Which config style?', options: ['flat config', 'legacy .eslintrc'], selected: 'flat config' }, 1),
      say('text', 'Using the flat config.', 2),
      ask('plan_mode_respond', { response: 'Plan: add eslint.config.js.', options: ['Go ahead', 'Change it'] }, 3),
      say('user_feedback', 'Go ahead, but keep the old ignore list', 4),
      say('text', 'Done.', 5),
    ];
    const file = writeFileIn(path.join(tmp, 'home', '.cline', 'data', 'tasks', String(T), 'ui_messages.json'), JSON.stringify(entries));
    const [c] = await parseAll(file);
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['set up the linter', 'flat config', 'Go ahead, but keep the old ignore list']);
    expect(c.messages.filter((m) => m.role === 'assistant').map(textOf)).toEqual(['Which config style?', 'Using the flat config.', 'Plan: add eslint.config.js.', 'Done.']);
  });
});
