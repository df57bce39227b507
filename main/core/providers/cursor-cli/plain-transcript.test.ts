/**
 * Cursor's older plain-text agent transcripts (`agent-transcripts/<id>.txt`). No such file is in
 * the fixtures; the text below follows the layout of public ones (see README.md): `user:` /
 * `assistant:` blocks, the prompt in `<user_query>`, `[Thinking]` lines, `[Tool call] <name>`
 * with `  key: value` arguments, `[Tool result] <name>` after the calls of a turn.
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { readHead } from '../../capture/read-lines';
import { conversationId } from '../kit/identity';
import { cursorCliProvider } from './index';
import { counts, expectMessagesKept, expectToolResultsJoined, parts, providerUnderTest, textOf, writeFileIn } from '../../../../test/provider-kit';

const kit = providerUnderTest(cursorCliProvider);

const TRANSCRIPT = [
  'user:',
  '<user_info>',
  'Workspace Path: /home/ana/shop',
  '</user_info>',
  '<user_query>',
  'start the app, I want to see it in the browser',
  'user: is how I sign my notes',
  '</user_query>',
  '',
  'assistant:',
  '[Thinking] **Preparing to run dev server**',
  '[Tool call] LS',
  '  target_directory: /home/ana/shop',
  '',
  '[Tool result] LS',
  '',
  'assistant:',
  '[Thinking] **Starting dev server**',
  "I'll start it.",
  '[Tool call] Shell',
  '  command: npm run dev',
  '  description: Start the dev server',
  '[Tool call] ReadFile',
  '  path: /home/ana/shop/package.json',
  '',
  '[Tool result] Shell',
  'ready on http://localhost:3000',
  '',
  '[Tool result] ReadFile',
  '',
  'assistant:',
  '<think>',
  'The server runs; the root path may 404.',
  '</think>',
  'The dev server is running. Open `http://localhost:3000`.',
  '',
  'If you want me to stop it later, just say so.',
  '',
  'user:',
  '<user_query>',
  "it's showing a 404 error",
  '</user_query>',
  '',
  'A:',
  'Open `http://localhost:3000/shop` instead.',
].join('\n');

describe('cursor-cli provider: plain-text transcripts', () => {
  it('reads prompts, answers, reasoning, and tool calls paired with their results', async () => {
    const file = writeFileIn(path.join(kit.tmp, 'home/.cursor/projects/home-ana-shop/agent-transcripts/9f1c2a7e-0b5d-4c1e-8a3f-2d6e7b8c9d0e.txt'), TRANSCRIPT);
    const c = await kit.parseMain(file, 1);
    expect(c.warnings).toEqual([]);
    expect(counts(c)).toEqual({ typed: 2, texts: 3, calls: 3 });
    const typed = c.messages.filter((m) => m.role === 'user').map(textOf);
    expect(typed).toEqual(['start the app, I want to see it in the browser\nuser: is how I sign my notes', "it's showing a 404 error"]);
    expect(c.messages.find((m) => m.role === 'system')?.kind).toBe('user-info');
    expect(c.cwd).toBe('/home/ana/shop');
    expect(c.nativeId).toBe('9f1c2a7e-0b5d-4c1e-8a3f-2d6e7b8c9d0e');
    expect(c.id).toBe(conversationId('cursor-cli', c.nativeId));
    expect(c.title).toBe('start the app, I want to see it in the browser user: is how I sign my notes');

    const reasoning = parts(c, 'assistant').filter((p) => p.type === 'reasoning').map((p) => (p.type === 'reasoning' ? p.content : ''));
    expect(reasoning).toEqual(['**Preparing to run dev server**', '**Starting dev server**', 'The server runs; the root path may 404.']);
    const answers = parts(c, 'assistant').flatMap((p) => (p.type === 'text' ? [p.content] : []));
    expect(answers).toEqual([
      "I'll start it.",
      'The dev server is running. Open `http://localhost:3000`.\n\nIf you want me to stop it later, just say so.',
      'Open `http://localhost:3000/shop` instead.',
    ]);

    const calls = parts(c, 'assistant').flatMap((p) => (p.type === 'tool_call' ? [p] : []));
    expect(calls.map((p) => p.name)).toEqual(['LS', 'Shell', 'ReadFile']);
    expect(JSON.parse(calls[1].arguments)).toEqual({ command: 'npm run dev', description: 'Start the dev server' });
    const results = parts(c, 'tool').flatMap((p) => (p.type === 'tool_call_response' ? [p] : []));
    expect(results.map((r) => r.id)).toEqual(calls.map((p) => p.id));
    expect(results.map((r) => r.response)).toEqual(['', 'ready on http://localhost:3000', '']);
    expectToolResultsJoined(c);
    expectMessagesKept(c, file);
    // Ids come from line numbers: the same file reads the same.
    expect((await kit.parseMain(file, 1)).messages.map((m) => m.id)).toEqual(c.messages.map((m) => m.id));
  });

  it('is recognised by its text, and a JSONL transcript still is', async () => {
    const file = writeFileIn(path.join(kit.tmp, 'anywhere/notes.txt'), TRANSCRIPT);
    expect(cursorCliProvider.detect({ path: file, head: await readHead(file, 64 * 1024) })).toBe(true);
    expect(cursorCliProvider.detect({ path: file, head: 'user: hello\nassistant: hi\n' })).toBe(false);
    expect(cursorCliProvider.detect({ path: file, head: '# aider chat started at 2025-01-01\n' })).toBe(false);
    expect(cursorCliProvider.detect({ path: kit.row(53).absPath, head: await readHead(kit.row(53).absPath, 64 * 1024) })).toBe(true);
  });
});
