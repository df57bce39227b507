/**
 * A Cline / Roo / Kilo task folder that kept only `api_conversation_history.json` is archived by
 * a plain `sync` and by `import` (detected, or named with `--agent cline`), read as the
 * Anthropic message array it is; with `ui_messages.json` beside it, that file is what is read.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../shared/record';
import { API_HISTORY } from './cline-api-history-sample';
import { dejavu, dejavuJson } from './cli';

interface Listed {
  id: string;
  agent: string;
  sourcePath: string;
}

const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-cline-api-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function placeTask(home: string, taskId: string, withUi: boolean): string {
  const dir = path.join(home, '.config', 'Code', 'User', 'globalStorage', 'rooveterinaryinc.roo-cline', 'tasks', taskId);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'api_conversation_history.json'), JSON.stringify(API_HISTORY));
  if (withUi) writeFileSync(path.join(dir, 'ui_messages.json'), JSON.stringify([{ ts: 1760000000000, type: 'say', say: 'text', text: 'add a README for the parser' }]));
  return dir;
}

function typedPrompts(env: Record<string, string>, id: string): string[] {
  const c = dejavuJson<Conversation>(['show', id], env);
  expect(c.warnings).toEqual([]);
  return c.messages.filter((m) => m.role === 'user').map((m) => m.parts.map((p) => (p.type === 'text' ? p.content : '')).join(''));
}

function runOk(args: string[], env: Record<string, string>): void {
  const r = dejavu(args, env);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
}

describe('Cline tasks with only api_conversation_history.json, through the CLI', () => {
  it('sync reads it when ui_messages.json is missing, and ui_messages.json when both are there', () => {
    const home = path.join(work, 'sync-home');
    const apiOnly = placeTask(home, '1760000000001', false);
    const both = placeTask(home, '1760000000002', true);
    const env = { HOME: home, DEJAVU_HOME: path.join(work, 'sync-archive') };
    runOk(['sync', '--no-evict'], env);
    const listed = dejavuJson<Listed[]>(['list'], env);
    expect(listed.map((c) => [c.agent, c.sourcePath]).sort()).toEqual([
      ['cline', path.join(apiOnly, 'api_conversation_history.json')],
      ['cline', path.join(both, 'ui_messages.json')],
    ]);
    const byPath = (dir: string) => listed.find((c) => c.sourcePath.startsWith(dir))!.id;
    expect(typedPrompts(env, byPath(apiOnly))).toEqual(['add a README for the parser', 'mention the lexer too']);
    expect(typedPrompts(env, byPath(both))).toEqual(['add a README for the parser']);
  });

  it('import detects it, and reads it the same when named with --agent cline', () => {
    const file = path.join(placeTask(path.join(work, 'import-home'), '1760000000003', false), 'api_conversation_history.json');
    for (const [name, args] of [['detected', ['import', file]], ['named', ['import', '--agent', 'cline', file]]] as const) {
      const env = { DEJAVU_HOME: path.join(work, name) };
      runOk([...args], env);
      const [listed] = dejavuJson<Listed[]>(['list'], env);
      expect(listed.agent).toBe('cline');
      expect(typedPrompts(env, listed.id)).toEqual(['add a README for the parser', 'mention the lexer too']);
    }
  });
});
