import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Conversation, Message, Part } from '../../../../shared/record';
import { eachRow, providerUnderTest, writeFileIn, textJoinedBy } from '../../../../test/provider-kit';
import { aiderProvider } from './index';

const { rows, tmp, parseAll: parseFile } = providerUnderTest(aiderProvider);
const all = (cs: Conversation[]): Message[] => cs.flatMap((c) => c.messages);
const partsOf = (ms: Message[]): Part[] => ms.flatMap((m) => m.parts);
const textOf = (m: Message): string => textJoinedBy(m, '\n');
const squash = (s: string): string => s.replace(/\s+/g, ' ').trim();
/** The messages a `#### ` block becomes: typed prompts, and the two kinds aider itself writes there. */
const isPromptBlock = (m: Message): boolean => m.role === 'user' || m.kind === 'confirm-answer' || m.kind === 'architect-handoff';

/**
 * PROVENANCE counts per file (all sessions). Its prompt count is every block of `#### `
 * lines; two kinds of block are written by aider, not typed, and are system messages here:
 * auto-answers to a confirmation the person had answered "all/skip" for (`… (Y)es/(N)o … [Yes]: skip`),
 * and, in architect mode, the architect's reply re-logged as the editor model's input.
 * So typed + auto-answers + handoffs == PROVENANCE prompts, and both kinds are checked.
 * Assistant text: PROVENANCE counts prompt blocks followed by a reply; aider may answer a
 * prompt in several replies (after files are added, after lint), each its own message here,
 * so the rule is checked as "prompt blocks followed by at least one reply".
 */
/** Typed prompts per row, checked by reading each file: the rest of its blocks are aider's own. */
const TYPED_BY_ROW: Readonly<Record<number, number>> = { 64: 12, 65: 36, 66: 4, 67: 16 };

eachRow(rows, { exactly: 4 }, 'aider provider: its prompt blocks, answered blocks and applied edits', async (row) => {
  const cs = await parseFile(row.absPath);
  expect(cs.length).toBe(Number(row.other.sessions_started));
  const ms = all(cs);
  expect(ms.filter(isPromptBlock).length).toBe(row.prompts);
  expect(ms.filter((m) => m.role === 'user').length).toBe(TYPED_BY_ROW[row.n]);
  expect(ms.filter((m) => m.role === 'user' && m.kind === 'slash-command').length).toBe(Number(row.other.slash_prompts));
  for (const c of cs) {
    c.messages.forEach((m, i) => {
      if (m.kind === 'confirm-answer') expect(textOf(m), m.id).toMatch(/\(Y\)es\/\(N\)o.*\]: ?\S*$/);
      if (m.kind === 'architect-handoff') {
        const reply = c.messages.slice(0, i).findLast((x) => x.role === 'assistant')!;
        expect(squash(textOf(m)), m.id).toBe(squash(textOf(reply)));
      }
    });
  }
  let answered = 0;
  for (const c of cs) {
    c.messages.forEach((m, i) => {
      if (!isPromptBlock(m)) return;
      const next = c.messages.slice(i + 1).findIndex(isPromptBlock);
      const turn = c.messages.slice(i + 1, next === -1 ? undefined : i + 1 + next);
      if (turn.some((x) => x.role === 'assistant' && x.parts.some((p) => p.type === 'text' || p.type === 'reasoning'))) answered += 1;
    });
  }
  expect(answered).toBe(row.assistantTexts);
  const applied = ms.filter((m) => m.role === 'system').map(textOf).join('\n').match(/^Applied edit to /gm)?.length ?? 0;
  expect(applied).toBe(Number(row.other["'Applied edit' lines"]));
});

describe('aider provider: conversation shape', () => {
  const diffFile = rows.find((r) => r.file.includes('metadata-aider'))!.absPath;
  const thinkingFile = rows.find((r) => r.file.includes('luvatrix'))!.absPath;

  it('turns SEARCH/REPLACE blocks into edit calls answered by "Applied edit" lines', async () => {
    const [c] = await parseFile(diffFile);
    const calls = partsOf(c.messages).filter((p) => p.type === 'tool_call');
    const first = calls[0];
    expect(first.type === 'tool_call' && first.name).toBe('edit');
    expect(first.type === 'tool_call' && JSON.parse(first.arguments)).toEqual({
      path: '.aidar.json',
      search: '',
      replace: '{\n    "project": {\n        "directory": "path/to/your/project",\n        "tracked_files": []\n    }\n}',
    });
    const ids = new Set(calls.map((p) => (p.type === 'tool_call' ? p.id : '')));
    const responses = partsOf(c.messages).filter((p) => p.type === 'tool_call_response');
    expect(responses.length).toBeGreaterThan(0);
    for (const r of responses) expect(r.type === 'tool_call_response' && ids.has(r.id)).toBe(true);
    // The prose around the blocks stays; the raw markers do not.
    const prose = partsOf(c.messages.filter((m) => m.role === 'assistant')).filter((p) => p.type === 'text');
    expect(prose.some((p) => p.type === 'text' && /<<<<<<< SEARCH|>>>>>>> REPLACE/.test(p.content))).toBe(false);
  });

  it('fills the conversation fields from the header and the harness lines', async () => {
    const [c] = await parseFile(diffFile);
    expect(c.agent).toBe('aider');
    expect(c.nativeId).toBe(`${diffFile}@2025-12-03 14:43:45`);
    expect(c.id).toMatch(/^aider_h[0-9a-f]{32}$/);
    expect(c.startedAt).toBe('2025-12-03T14:43:45');
    expect(c.agentVersion).toBe('0.86.1');
    expect(c.models).toEqual(['openrouter/openai/gpt-4o-mini']);
    expect(c.cwd).toBe(path.dirname(diffFile));
    expect(c.workspace).toBe('blob_c09a660790');
    expect(c.title?.startsWith('Please create an .aidar.json file')).toBe(true);
    expect(c.usage?.inputTokens).toBeGreaterThan(0);
    // Every message keeps its record under an id of its own: conformance suite.
  });

  it('keeps reasoning blocks as reasoning', async () => {
    const [c] = await parseFile(thinkingFile);
    const reasoning = partsOf(c.messages.filter((m) => m.role === 'assistant')).filter((p) => p.type === 'reasoning');
    expect(reasoning.length).toBeGreaterThan(3);
    expect(partsOf(c.messages).some((p) => p.type === 'text' && p.content.includes('<thinking-content-'))).toBe(false);
  });

  it('shows /ask once: the re-logged question is not a second prompt', async () => {
    const cs = await parseFile(rows.find((r) => r.file.includes('doc_processor'))!.absPath);
    const ask = all(cs).find((m) => m.role === 'user' && textOf(m).startsWith('/ask'))!;
    expect(ask.kind).toBe('slash-command');
    expect(ask.parts).toHaveLength(1);
    expect(ask.native!.split('\n').filter((l) => l.startsWith('#### ')).length).toBe(2);
  });
});

describe('aider provider: several sessions and damaged files', () => {
  const diffFile = rows.find((r) => r.file.includes('metadata-aider'))!.absPath;
  const lines = readFileSync(diffFile, 'utf8').split('\n');

  const history = (name: string, content: string): string => writeFileIn(path.join(tmp, name, '.aider.chat.history.md'), content);

  it('makes one conversation per session header', async () => {
    const other = readFileSync(rows.find((r) => r.file.includes('luvatrix'))!.absPath, 'utf8');
    const file = history('two', `${lines.join('\n')}${other}`);
    const cs = await parseFile(file);
    expect(cs).toHaveLength(2);
    expect(new Set(cs.map((c) => c.id)).size).toBe(2);
    expect(cs.map((c) => c.startedAt)).toEqual(['2025-12-03T14:43:45', '2026-05-02T13:55:39']);
    expect(cs[0].messages.filter((m) => m.role === 'user').length).toBe(12);
    expect(cs[1].messages.filter((m) => m.role === 'user').length).toBe(4);
  });

  it('keeps an edit block cut before its REPLACE marker as text, with a warning', async () => {
    const cut = lines.findIndex((l) => l.startsWith('>>>>>>> REPLACE'));
    const broken = [...lines];
    broken[cut] = 'REPLACE marker lost';
    const [c] = await parseFile(history('broken', broken.join('\n')));
    expect(c.warnings).toEqual([{ line: lines.findIndex((l) => l.startsWith('<<<<<<< SEARCH')) + 1, message: expect.stringMatching(/without its REPLACE/) }]);
    expect(c.messages.filter((m) => m.role === 'user').length).toBe(12);
    expect(partsOf(c.messages).filter((p) => p.type === 'tool_call').length).toBe(23);
  });

  it('warns when an unclosed fence hides prompts, and reads text before any header', async () => {
    const content = ['stray line', '', '# aider chat started at 2025-01-01 10:00:00', '', '#### hi  ', '', '```python', 'x = 1', '#### Not a prompt', ''].join('\n');
    const cs = await parseFile(history('fence', content));
    expect(cs).toHaveLength(2);
    expect(cs[0].warnings).toEqual([{ line: 1, message: expect.stringMatching(/before the first/) }]);
    expect(cs[0].startedAt).toBeUndefined();
    expect(cs[1].warnings).toEqual([{ line: 7, message: expect.stringMatching(/never closed; 1 '#### ' line/) }]);
    expect(cs[1].messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['hi']);
  });

  it('returns nothing for an empty file', async () => {
    expect(await parseFile(history('empty', ''))).toEqual([]);
  });
});

describe('aider provider: detect, locate, resume', () => {
  it('detects a file by its name or header alone (fixtures: conformance.test.ts)', () => {
    expect(aiderProvider.detect({ path: '/x/renamed.md', head: '\n# aider chat started at 2025-01-01 10:00:00\n' })).toBe(true);
  });

  it('finds histories in the home, its children and grandchildren, and under project folders', async () => {
    const home = path.join(tmp, 'home');
    const want = [path.join(home, 'proj'), path.join(home, 'a', 'b'), path.join(home, 'code', 'org', 'repo'), home];
    const skip = [path.join(home, 'node_modules', 'x'), path.join(home, '.hidden', 'repo'), path.join(home, 'a', 'b', 'c'), path.join(home, 'proj', '.git')];
    for (const dir of [...want, ...skip]) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, '.aider.chat.history.md'), '# aider chat started at 2025-01-01 10:00:00\n');
    }
    writeFileSync(path.join(home, 'proj', '.env'), 'KEY=1');
    writeFileSync(path.join(home, 'proj', '.aider.input.history'), '');
    const found = await aiderProvider.locate(home);
    expect(found.sort()).toEqual(want.map((d) => path.join(d, '.aider.chat.history.md')).sort());
  });

  it('resumes with aider --restore-chat-history in the repo', async () => {
    const [c] = await parseFile(rows[0].absPath);
    expect(aiderProvider.resumeCommand(c)).toEqual({ command: 'aider --restore-chat-history', cwd: path.dirname(rows[0].absPath) });
  });
});
