import { describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/record';
import { withoutEchoes } from './echoes';

const say = (id: string, role: Message['role'], text: string, parentId?: string): Message => ({ id, role, parts: [{ type: 'text', content: text }], ...(parentId ? { parentId } : {}) });

describe('withoutEchoes', () => {
  const earlier = [say('L1', 'user', 'continue'), say('L2', 'assistant', 'Step one done.'), say('L3', 'user', 'continue'), say('L4', 'assistant', 'Step two done.')];

  it('leaves out a repeated turn and keeps a prompt typed again with another answer', () => {
    const fresh = [
      say('U1', 'user', 'continue'),
      say('U2', 'assistant', 'Step one done.', 'U1'),
      say('U3', 'user', 'continue', 'U2'),
      say('U4', 'assistant', 'Step three done.', 'U3'),
    ];
    const kept = withoutEchoes(fresh, earlier);
    expect(kept.map((m) => m.id)).toEqual(['U3', 'U4']);
    // What is kept links to the archived copy of what it followed.
    expect(kept[0].parentId).toBe('L2');
  });

  it('keeps what the new log adds inside a repeated turn', () => {
    const fresh = [say('U1', 'user', 'continue'), { ...say('U2', 'system', 'Plan: step one'), kind: 'plan' }, say('U3', 'assistant', 'Step one done.')];
    expect(withoutEchoes(fresh, earlier).map((m) => m.id)).toEqual(['U2']);
  });

  it('in a mirror, knows a tool call by its name and arguments where one log keeps no call ids (Cursor’s transcripts)', () => {
    const call = (id: string, callId: string, args: string): Message => ({ id, role: 'assistant', parts: [{ type: 'tool_call', id: callId, name: 'Shell', arguments: args }] });
    const stored = [say('M1', 'user', 'run the tests'), call('M2', 'call_1', '{"command":"npm test","cwd":"/w"}'), say('M3', 'user', 'run the tests'), call('M4', 'call_2', '{"command":"npm run lint"}')];
    // The same call (its keys in another order), then the prompt typed again with another command: a new turn.
    const fresh = [say('L1', 'user', 'run the tests'), call('L2', 'cursor_L2_0', '{"cwd":"/w","command":"npm test"}'), say('L3', 'user', 'run the tests'), call('L4', 'cursor_L4_0', '{"command":"npm test -- --watch"}')];
    expect(withoutEchoes(fresh, stored, true).map((m) => m.id)).toEqual(['L3', 'L4']);
    // Not a mirror (a newer log of the session, Grok's): calls with ids of their own are other calls.
    expect(withoutEchoes(fresh, stored).map((m) => m.id)).toEqual(['L1', 'L2', 'L3', 'L4']);
  });

  it('in a mirror, knows the last turn of one log, with no answer yet, by its prompt', () => {
    const stored = [say('M1', 'user', 'continue'), say('M2', 'assistant', 'Step one done.'), say('M3', 'user', 'continue')];
    const fresh = [say('L1', 'user', 'continue'), say('L2', 'assistant', 'Step one done.'), say('L3', 'user', 'continue'), say('L4', 'assistant', 'Step two done.')];
    expect(withoutEchoes(fresh, stored, true).map((m) => m.id)).toEqual(['L4']);
    expect(withoutEchoes(fresh, stored).map((m) => m.id)).toEqual(['L3', 'L4']);
    // The other way: the transcript's last prompt is unanswered yet.
    expect(withoutEchoes(fresh.slice(0, 3), [...stored, say('M4', 'assistant', 'Step two done.')], true).map((m) => m.id)).toEqual([]);
  });

  it('in a mirror, an unanswered prompt inside a log is a turn of its own: each answer once', () => {
    // The transcript kept an interrupted "yes" the store dropped, and the reverse.
    const answered = [say('M1', 'user', 'yes'), say('M2', 'assistant', 'Pushed.')];
    const withInterrupted = [say('L1', 'user', 'yes'), say('L2', 'user', 'yes'), say('L3', 'assistant', 'Pushed.')];
    expect(withoutEchoes(withInterrupted, answered, true).map((m) => m.id)).toEqual(['L1']);
    const storeInterrupted = [say('M0', 'user', 'yes'), ...answered];
    expect(withoutEchoes([say('L1', 'user', 'yes'), say('L2', 'assistant', 'Pushed.')], storeInterrupted, true).map((m) => m.id)).toEqual([]);
  });
});
