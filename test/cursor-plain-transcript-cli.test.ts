/**
 * Cursor's older plain-text agent transcripts (`~/.cursor/projects/<p>/agent-transcripts/<id>.txt`)
 * are archived by a plain `sync` and by `import`, with or without `--agent cursor-cli`. The file is
 * built here in the layout of public ones (see main/core/providers/cursor-cli/README.md).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../shared/record';
import { dejavu, dejavuJson } from './cli';

interface Listed {
  id: string;
  agent: string;
  sourcePath: string;
}

const CHAT_ID = '4b7e2c1a-9d3f-4e8b-a6c5-1f0e2d3c4b5a';
const TRANSCRIPT = [
  'user:',
  '<user_query>',
  'add a health check endpoint',
  '</user_query>',
  '',
  'assistant:',
  '[Thinking] **Looking at the server**',
  '[Tool call] ReadFile',
  '  path: /srv/api/server.ts',
  '',
  '[Tool result] ReadFile',
  '',
  'assistant:',
  'I added `GET /health`, which answers 200.',
  '',
].join('\n');

const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-cursor-txt-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function placeTranscript(home: string): string {
  const folder = path.join(home, '.cursor', 'projects', 'srv-api', 'agent-transcripts');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `${CHAT_ID}.txt`);
  writeFileSync(file, TRANSCRIPT);
  return file;
}

function expectRead(env: Record<string, string>, file: string): void {
  const listed = dejavuJson<Listed[]>(['list'], env).filter((c) => c.sourcePath === file);
  expect(listed.map((c) => c.agent)).toEqual(['cursor-cli']);
  const c = dejavuJson<Conversation>(['show', listed[0].id], env);
  expect(c.nativeId).toBe(CHAT_ID);
  expect(c.warnings).toEqual([]);
  expect(c.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
  expect(c.messages[0].parts).toEqual([{ type: 'text', content: 'add a health check endpoint' }]);
  const [call] = c.messages[1].parts.filter((p) => p.type === 'tool_call');
  expect(c.messages[2].parts).toEqual([{ type: 'tool_call_response', id: call.type === 'tool_call' ? call.id : '', response: '' }]);
  expect(c.messages[3].parts).toEqual([{ type: 'text', content: 'I added `GET /health`, which answers 200.' }]);
}

describe('Cursor plain-text transcripts through the CLI', () => {
  it('sync finds and reads agent-transcripts/<id>.txt', () => {
    const home = path.join(work, 'sync-home');
    const file = placeTranscript(home);
    const env = { HOME: home, DEJAVU_HOME: path.join(work, 'sync-archive') };
    const r = dejavu(['sync', '--no-evict'], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expectRead(env, file);
  });

  it('import detects it (named, or in a folder), and --agent cursor-cli reads it without a warning', () => {
    const file = placeTranscript(path.join(work, 'import-home'));
    const detected = { DEJAVU_HOME: path.join(work, 'detected') };
    const r = dejavu(['import', file], detected);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expectRead(detected, file);
    // Found by content in a folder given to import, beside a text file that is no transcript.
    writeFileSync(path.join(path.dirname(file), 'notes.txt'), 'user: remember to rotate the logs\n');
    const folder = { DEJAVU_HOME: path.join(work, 'folder') };
    const f = dejavu(['import', path.dirname(file)], folder);
    expect(f.code).toBe(0);
    expect(f.stderr).toBe(`dejavu: not a session file of a known agent: ${path.join(path.dirname(file), 'notes.txt')}\n`);
    expectRead(folder, file);
    const named = { DEJAVU_HOME: path.join(work, 'named') };
    const n = dejavu(['import', '--agent', 'cursor-cli', file], named);
    expect(n.stderr).toBe('');
    expect(n.code).toBe(0);
    expectRead(named, file);
  });
});
