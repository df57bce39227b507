import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../../shared/record';
import { IdPool } from '../kit/id-pool';
import { MessageTable } from './message-table';

/** A table whose bodies say which body number they are, so a test sees which one was read. */
function table(pool = new IdPool()) {
  const loads: string[] = [];
  const t = new MessageTable(pool, (id, body) => {
    loads.push(id);
    return { parts: [{ type: 'text', content: `body ${body}` }], native: `{"n":${body}}` };
  });
  const push = (m: Message, body: number) => t.push(m, pool.intern(m.id), body);
  return { t, push, loads };
}

describe('MessageTable', () => {
  it('gives back each message as it was pushed, its body read when asked for', () => {
    const { t, push, loads } = table();
    const first: Message = { id: randomUUID(), role: 'user', timestamp: '2026-11-23T10:00:00.123Z', parts: [], native: '', source: 0 };
    // A timestamp that its milliseconds would not spell back, and usage a source got wrong: kept as written.
    const second: Message = { id: 'line-7', role: 'assistant', timestamp: '2026-11-23T10:00:01Z', model: 'claude-opus-4', kind: 'synthetic', usage: { inputTokens: 12, outputTokens: -3, cacheReadTokens: 0.5 }, parts: [], native: '', source: 0 };
    push(first, 4);
    push(second, 9);
    t.setParent(1, 0);
    const [a, b] = [t.message(0), t.message(1)];
    expect({ ...a }).toEqual({ id: first.id, role: 'user', timestamp: first.timestamp, source: 0, parts: [{ type: 'text', content: 'body 4' }], native: '{"n":4}' });
    expect({ ...b }).toEqual({ ...second, parentId: first.id, parts: [{ type: 'text', content: 'body 9' }], native: '{"n":9}' });
    expect(loads).toEqual([first.id, 'line-7']);
    expect(b.native).toBe('{"n":9}');
    expect(loads).toHaveLength(2); // the last body is kept: parts then native read once
  });

  it('is seen as an array by whoever walks the conversation, and refuses to be changed', () => {
    const { t, push } = table();
    for (let i = 0; i < 5; i += 1) push({ id: `line-${i}`, role: i % 2 ? 'assistant' : 'user', parts: [], native: '', source: 0 }, i);
    const messages = t.view();
    expect(Array.isArray(messages)).toBe(true);
    expect(messages.length).toBe(5);
    expect([...messages].map((m) => m.id)).toEqual(['line-0', 'line-1', 'line-2', 'line-3', 'line-4']);
    expect(messages.filter((m) => m.role === 'user').length).toBe(3);
    expect(messages.slice(3).map((m) => m.parts[0])).toEqual([{ type: 'text', content: 'body 3' }, { type: 'text', content: 'body 4' }]);
    expect(messages[5]).toBeUndefined();
    expect(JSON.parse(JSON.stringify(messages))[2]).toEqual({ id: 'line-2', role: 'user', source: 0, parts: [{ type: 'text', content: 'body 2' }], native: '{"n":2}' });
    expect(() => messages.push(messages[0])).toThrow("a huge file's messages are read-only");
  });

  it('refuses a field it would not give back', () => {
    const { push } = table();
    expect(() => push({ id: 'x', role: 'user', parts: [], supersededAt: '2026-11-23T10:00:00.000Z' }, 0)).toThrow("a huge file's message has a field the message table does not keep: supersededAt");
  });

  it('holds a message in under 40 bytes of columns once trimmed (~245 bytes of heap as an object)', () => {
    const { t, push } = table();
    const n = 50_000;
    for (let i = 0; i < n; i += 1) {
      const m: Message = { id: randomUUID(), role: 'assistant', timestamp: new Date(1_763_900_000_000 + i).toISOString(), model: 'claude-opus-4', parts: [], native: '', source: 0 };
      if (i % 2) m.usage = { inputTokens: i, outputTokens: 2 * i };
      push(m, i);
    }
    t.trim();
    expect(t.byteLength / n).toBeLessThan(40);
  });
});
