/** Deep links come from outside the app: only exact, well-formed conversation links pass. */
import { describe, expect, it } from 'vitest';
import { conversationLink, conversationRoute, deepLinkFromArgv, parseDeepLink } from './deep-link';

describe('parseDeepLink', () => {
  it('reads a conversation link', () => {
    expect(parseDeepLink('dejavu://conversation/claude-code_1af7fc5e-8455-4414-9ccd-011d40f70b2a')).toEqual({
      command: 'open-conversation',
      id: 'claude-code_1af7fc5e-8455-4414-9ccd-011d40f70b2a',
    });
    expect(parseDeepLink('dejavu://conversation/codex_abc/')).toEqual({ command: 'open-conversation', id: 'codex_abc' });
    expect(parseDeepLink('DEJAVU://conversation/codex_abc')).toEqual({ command: 'open-conversation', id: 'codex_abc' });
  });

  it('reads a link that names a message', () => {
    expect(parseDeepLink('dejavu://conversation/codex_abc/message/42')).toEqual({ command: 'open-conversation', id: 'codex_abc', message: 42 });
    expect(parseDeepLink(conversationLink('codex_abc', 7))).toEqual({ command: 'open-conversation', id: 'codex_abc', message: 7 });
  });

  it('round-trips the links it builds', () => {
    const id = 'claude-code_h0123456789abcdef.agent-x';
    expect(parseDeepLink(conversationLink(id))).toEqual({ command: 'open-conversation', id });
    expect(conversationRoute(id)).toBe('#/conversation/claude-code_h0123456789abcdef.agent-x');
    // A jackin container's conversation, its id naming the container.
    const inContainer = 'claude-code__jackin-proj-1_0123-abcd.agent-x';
    expect(parseDeepLink(conversationLink(inContainer))).toEqual({ command: 'open-conversation', id: inContainer });
  });

  it.each([
    'dejavu://conversation/',
    'dejavu://conversation/../../etc/passwd',
    'dejavu://conversation/..%2F..%2Fetc',
    'dejavu://conversation/a..b',
    'dejavu://conversation/%E0%A4%A',
    'dejavu://conversation/id with space',
    'dejavu://conversation/<script>',
    'dejavu://conversation/abc?x=1',
    'dejavu://conversation/abc#frag',
    'dejavu://conversation/abc/def',
    'dejavu://conversation/abc/message/',
    'dejavu://conversation/abc/message/-1',
    'dejavu://conversation/abc/message/1x',
    'dejavu://conversation/abc/message/1234567890',
    'dejavu://settings/abc',
    'http://conversation/abc',
    'javascript:alert(1)',
    `dejavu://conversation/${'a'.repeat(201)}`,
    '',
  ])('refuses %s', (url) => {
    expect(parseDeepLink(url)).toBeUndefined();
  });
});

describe('deepLinkFromArgv', () => {
  it('finds the link among other arguments (Windows/Linux launch and second instance)', () => {
    expect(deepLinkFromArgv(['/usr/bin/dejavu', '--no-sandbox', 'dejavu://conversation/codex_abc'])).toEqual({ command: 'open-conversation', id: 'codex_abc' });
    expect(deepLinkFromArgv(['/usr/bin/dejavu', 'dejavu://conversation/../x'])).toBeUndefined();
    expect(deepLinkFromArgv(['/usr/bin/dejavu', '.'])).toBeUndefined();
  });
});
