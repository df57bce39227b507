import { describe, expect, it } from 'vitest';
import type { Message, ToolCallResponsePart } from '../../../shared/record';
import { findOccurrences, firstOccurrenceOf, matchRanges } from './find';

const text = (role: Message['role'], content: string): Message => ({ role, parts: [{ type: 'text', content }] }) as Message;

describe('find in a conversation', () => {
  it('finds every term in any case, left to right, the longer one first where two start together', () => {
    expect(matchRanges('Foo foobar FOO', ['foo'])).toEqual([[0, 3], [4, 7], [11, 14]]);
    expect(matchRanges('foobar', ['foo', 'foobar'])).toEqual([[0, 6]]);
    expect(matchRanges('aaaa', ['aa'])).toEqual([[0, 2], [2, 4]]);
    expect(matchRanges('anything', [])).toEqual([]);
  });

  it('counts a tool result in the row of its call, right after the call, and skips the row it is absorbed from', () => {
    const call: Message = { role: 'assistant', parts: [{ type: 'text', content: 'run x' }, { type: 'tool_call', id: 'c1', name: 'Bash', arguments: '{"command":"echo x"}' }, { type: 'text', content: 'and x again' }] } as Message;
    const result: ToolCallResponsePart = { type: 'tool_call_response', id: 'c1', response: 'x x' } as ToolCallResponsePart;
    const messages = new Map<number, Message>([
      [0, text('user', 'find x')],
      [1, call],
      [2, { role: 'tool', parts: [result] } as Message],
    ]);
    const results = new Map([['c1', result]]);
    const calls = new Map([['c1', 1]]);
    const found = findOccurrences(messages, ['x'], results, calls, (i) => i === 2);
    // Row 1: "run x" (0), the call's "echo x" (1), its result "x x" (2, 3), "and x again" (4).
    expect(found).toEqual([{ row: 0, nth: 0 }, ...[0, 1, 2, 3, 4].map((nth) => ({ row: 1, nth }))]);
    expect(firstOccurrenceOf(call, messages.get(2)!, ['x'], results)).toBe(2);
    expect(firstOccurrenceOf(call, call, ['x'], results)).toBe(0);
  });
});
