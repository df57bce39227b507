/**
 * Qwen Code files through the real CLI: a chat imported from anywhere is read as Qwen Code (not
 * taken for Claude Code, whose records share uuid / parentUuid / sessionId), and a legacy
 * logs.json that gives nothing to archive says so instead of passing in silence.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../shared/record';
import { dejavu, dejavuJson } from './cli';

const SESSION = '5f0c2a8e-3b7d-4c1e-9a6f-1d2e3f4a5b6c';

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function scratch() {
  const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-qwen-cli-'));
  made.push(work);
  return { work, env: { HOME: path.join(work, 'home'), DEJAVU_HOME: path.join(work, 'archive') } };
}

/** Records as ChatRecordingService.createBaseRecord() writes them (QwenLM/qwen-code 015346f1). */
function chatLines(): string {
  const base = { sessionId: SESSION, cwd: '/home/me/app', version: '0.5.2', gitBranch: 'main' };
  const records = [
    { uuid: 'u-1', parentUuid: null, timestamp: '2026-06-01T10:00:00.000Z', type: 'system', subtype: 'session_source', provenance: 'system', systemPayload: { sourceType: 'cli' }, ...base },
    { uuid: 'u-2', parentUuid: 'u-1', timestamp: '2026-06-01T10:00:01.000Z', type: 'user', provenance: 'real_user', message: { role: 'user', parts: [{ text: 'fix the login bug' }] }, systemPayload: { displayText: 'fix the login bug', hookContext: '' }, ...base },
    { uuid: 'u-3', parentUuid: 'u-2', timestamp: '2026-06-01T10:00:02.000Z', type: 'assistant', provenance: 'assistant_output', model: 'qwen3-coder-plus', message: { role: 'model', parts: [{ text: 'Fixed.' }] }, ...base },
  ];
  return records.map((r) => JSON.stringify(r)).join('\n') + '\n';
}

describe('Qwen Code through the CLI', () => {
  it('import detects a Qwen Code chat by its content, wherever it lies', () => {
    const { work, env } = scratch();
    const file = path.join(work, 'downloads', `${SESSION}.jsonl`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, chatLines());
    const r = dejavu(['import', file], env);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('1 new');
    const c = dejavuJson<Conversation>(['show', `qwen-code_${SESSION}`], env);
    expect(c.agent).toBe('qwen-code');
    expect(c.messages.filter((m) => m.role === 'user').map((m) => m.parts[0])).toEqual([{ type: 'text', content: 'fix the login bug' }]);
  });

  it('a legacy logs.json whose every session has its chat says it gave nothing to archive', () => {
    const { work, env } = scratch();
    const project = path.join(env.HOME, '.qwen', 'tmp', 'a'.repeat(64));
    mkdirSync(path.join(project, 'chats'), { recursive: true });
    mkdirSync(path.join(env.HOME, '.qwen', 'projects', '-home-me-app', 'chats'), { recursive: true });
    writeFileSync(path.join(env.HOME, '.qwen', 'projects', '-home-me-app', 'chats', `${SESSION}.jsonl`), chatLines());
    const logs = path.join(project, 'logs.json');
    writeFileSync(logs, JSON.stringify([{ sessionId: SESSION, messageId: 0, timestamp: '2026-06-01T10:00:01.000Z', type: 'user', message: 'fix the login bug' }]));
    const r = dejavu(['import', logs], { ...env, DEJAVU_HOME: path.join(work, 'imported') });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('0 new');
    expect(r.stdout).toContain(`nothing to archive in ${logs}\n`);
  });
});
