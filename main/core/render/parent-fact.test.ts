/** The Markdown and HTML exports name the conversation this one came from, and how, as the thread header does. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../../../shared/record';
import { conversationToHtml } from './html';
import { conversationPageToMarkdown, conversationToMarkdown } from './markdown';
import { loadHighlighter } from './html-highlight';

// The HTML export's code highlighter loads when first asked for (the CLI and the service await it).
beforeAll(() => loadHighlighter());

function conversation(extra: Partial<Conversation>, first?: Message): Conversation {
  const prompt: Message = { id: 'u1', role: 'user', parts: [{ type: 'text', content: 'Try a dark theme instead' }] };
  return {
    id: 'codex_child',
    agent: 'codex',
    nativeId: 'child',
    workspace: 'shop',
    instance: 'host',
    models: [],
    sourcePath: '/r.jsonl',
    sources: ['/r.jsonl'],
    warnings: [],
    messages: first ? [first, prompt] : [prompt],
    ...extra,
  };
}

const forkPoint: Message = {
  id: 'L2',
  role: 'system',
  kind: 'fork-point',
  parts: [
    { type: 'text', content: 'Forked from Codex thread parent; the earlier turns are in that conversation.' },
    { type: 'generic', kind: 'forked-from', content: 'codex_parent' },
  ],
};

describe('the exports’ link to the parent conversation', () => {
  it.each([
    ['Subagent of', conversation({ parentId: 'codex_parent', relation: 'subagent' })],
    ['Subagent of', conversation({ parentId: 'codex_parent' })], // archived before relations were
    ['Continues', conversation({ parentId: 'codex_parent', relation: 'continuation' })],
    ['Forked from', conversation({}, forkPoint)],
  ] as const)('says "%s" and the parent’s id', (words, c) => {
    expect(conversationToMarkdown(c).split('\n')).toContain(`- **${words}:** codex_parent`);
    expect(conversationToHtml(c)).toContain(`<dt>${words}</dt><dd>codex_parent</dd>`);
    // The first page an MCP client reads carries the same header.
    expect(conversationPageToMarkdown(c, 0, 1).markdown.split('\n')).toContain(`- **${words}:** codex_parent`);
  });

  it('says nothing of a parent for a conversation of its own', () => {
    const c = conversation({});
    expect(conversationToMarkdown(c)).not.toMatch(/Subagent of|Forked from|Continues/);
    expect(conversationToHtml(c)).not.toMatch(/Subagent of|Forked from|Continues/);
  });
});
