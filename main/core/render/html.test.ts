/**
 * The HTML export is one self-contained, scriptless page, and transcript text (untrusted) can
 * never become markup in it: tags, event handlers and javascript: links stay visible text.
 */
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../shared/record';
import { conversationToHtml, HTML_EXPORT_CSP } from './html';
import { codeBlock, loadHighlighter, MAX_HIGHLIGHTED_LINE } from './html-highlight';

// The HTML export's code highlighter loads when first asked for (the CLI and the service await it).
await loadHighlighter();

const PROBES = ['<script>alert("x")</script>', '<img src=x onerror="alert(1)">', '[click me](javascript:alert(1))', '<a href="javascript:alert(2)">link</a>', '"><svg onload=alert(3)>'];

export function probeConversation(): Conversation {
  const probe = PROBES.join(' ');
  return {
    id: 'claude-code_probe',
    agent: 'claude-code',
    nativeId: 'probe',
    workspace: 'demo',
    instance: 'host',
    title: `Title ${PROBES[0]}`,
    models: ['claude-sonnet-4-5'],
    sourcePath: '/tmp/probe.jsonl',
    sources: ['/tmp/probe.jsonl'],
    warnings: [],
    messages: [
      { id: 'u1', role: 'user', timestamp: '2026-01-10T02:08:26.108Z', parts: [{ type: 'text', content: `Please fix this ${probe}` }] },
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          { type: 'reasoning', content: `Thinking about ${PROBES[1]}` },
          { type: 'text', content: `Here is code:\n\n\`\`\`ts\nconst x = "</code></pre><script>alert(4)</script>";\n\`\`\`\n\nand \`inline ${PROBES[1]}\`` },
          { type: 'tool_call', id: 't1', name: `Edit${PROBES[0]}`, arguments: JSON.stringify({ file_path: `/src/a${PROBES[1]}.ts`, old_string: 'const a = 1;\n', new_string: `const a = 2; // ${PROBES[0]}\n` }) },
          { type: 'tool_call', id: 't2', name: 'Bash', arguments: JSON.stringify({ command: `echo '${PROBES[2]}'` }) },
        ],
      },
      { id: 'r1', role: 'tool', parts: [{ type: 'tool_call_response', id: 't2', response: probe, isError: true }] },
      { id: 'g1', role: 'assistant', parts: [{ type: 'generic', kind: `kind${PROBES[0]}`, content: probe }] },
    ],
  };
}

describe('conversationToHtml', () => {
  const html = conversationToHtml(probeConversation());
  /** Every real tag of the page (escaped transcript text has no '<'). */
  const tags = html.match(/<[a-zA-Z][^>]*>/g) ?? [];

  it('is one self-contained page: CSP meta tag, inline style, no script, no external resource', () => {
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${HTML_EXPORT_CSP}">`);
    expect(HTML_EXPORT_CSP).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/<script|<link|<iframe|<object|<embed/i);
    expect(tags.filter((t) => /\s(src|href|action|formaction)=["']?(?!data:)/i.test(t))).toEqual([]);
  });

  it('turns every probe into visible text, never markup', () => {
    expect(tags.filter((t) => /^<(img|svg|a|script)\b/i.test(t))).toEqual([]);
    expect(tags.filter((t) => /\son[a-z]+=/i.test(t))).toEqual([]);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('[click me](javascript:alert(1))');
    expect(html).toContain('<title>Title &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</title>');
  });

  it('folds tool calls, results and thinking into <details>, shows edits as an open diff, highlights code', () => {
    expect(html).toContain('<details class="thinking"><summary><strong>Thinking</strong></summary>');
    expect(html).toContain('<details class="result error"><summary><strong>Tool error</strong>');
    expect(html).toMatch(/<details class="tool" open><summary><strong>Edit&lt;script&gt;/);
    expect(html).toContain('<div class="l del">-const a = 1;</div><div class="l add">+const a = 2; // &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</div>');
    // shiki tokens carry both colour schemes as CSS variables.
    expect(html).toMatch(/<pre class="code shiki[^"]*"[^>]*><code><span class="line"><span style="--shiki-light:#[0-9A-Fa-f]{6};--shiki-dark:#[0-9A-Fa-f]{6}">const<\/span>/);
    expect(html).toContain('@media (prefers-color-scheme: dark)');
  });
});

describe('codeBlock', () => {
  it('gives the same page whatever the machine’s speed: a line past MAX_HIGHLIGHTED_LINE is shown plain, the others highlighted', () => {
    const long = `const data = ${JSON.stringify('x'.repeat(MAX_HIGHLIGHTED_LINE))};`;
    const block = codeBlock(`const a = 1;\n${long}\nconst b = 2;`, 'typescript');
    const lines = block.split('<span class="line">').slice(1);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/--shiki-light:#[0-9A-Fa-f]{6};--shiki-dark:#[0-9A-Fa-f]{6}">const<\/span>/);
    expect(lines[1]).toContain(long);
    expect(lines[1]).not.toContain('--shiki-light');
    expect(lines[2]).toMatch(/>const<\/span>/);
  });
});
