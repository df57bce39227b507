/**
 * Where Qwen Code keeps its chats (packages/core/src/config/storage.ts): `~/.qwen/projects/<project>/chats/`,
 * moved by `$QWEN_RUNTIME_DIR`, else `$QWEN_HOME`; a daemon session keeps its prompt ledger
 * (`<sessionId>.ledger.jsonl`, SessionService.getPromptLedgerPath) beside the chat, which is not one.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { locateQwenFiles } from './locate';

const ID = '3f0c2a9e-8d41-4b7a-9c55-2e1f6b7d8a90';
const saved = { HOME: process.env.HOME, QWEN_HOME: process.env.QWEN_HOME, QWEN_RUNTIME_DIR: process.env.QWEN_RUNTIME_DIR };

afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

/** A chat, its ledger, and an archived pair, under `<root>/projects/-w-app/chats/`. */
function chats(root: string, id = ID): string[] {
  const dir = path.join(root, 'projects', '-w-app', 'chats');
  mkdirSync(path.join(dir, 'archive'), { recursive: true });
  const line = `${JSON.stringify({ uuid: 'u1', parentUuid: null, sessionId: id, timestamp: '2026-11-01T10:00:00.000Z', type: 'user', message: { role: 'user', parts: [{ text: 'hi' }] }, cwd: '/w/app' })}\n`;
  const ledger = `${JSON.stringify({ v: 1, promptId: 'p1', state: 'in_flight', at: 1 })}\n${JSON.stringify({ v: 1, promptId: 'p1', terminal: 'completed', at: 2 })}\n`;
  const files = [path.join(dir, `${id}.jsonl`), path.join(dir, 'archive', `${id}0.jsonl`)];
  for (const f of files) writeFileSync(f, line);
  writeFileSync(path.join(dir, `${id}.ledger.jsonl`), ledger);
  writeFileSync(path.join(dir, 'archive', `${id}0.ledger.jsonl`), ledger);
  return files;
}

describe('qwen-code provider: where the chats are', () => {
  it('lists each chat, archived ones too, and never the prompt ledger beside it', async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'dejavu-qwen-home-'));
    const expected = chats(path.join(home, '.qwen'));
    expect(await locateQwenFiles(home)).toEqual(expected.sort());
  });

  it('finds the chats $QWEN_HOME moved, for this user’s own home only', async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'dejavu-qwen-home-'));
    const moved = mkdtempSync(path.join(os.tmpdir(), 'dejavu-qwen-moved-'));
    const inHome = chats(path.join(home, '.qwen'));
    const inMoved = chats(moved, '9b1d7c3e-2f4a-4e6b-8c0d-1a2b3c4d5e6f');
    process.env.QWEN_HOME = moved;
    delete process.env.QWEN_RUNTIME_DIR;
    process.env.HOME = home;
    expect(await locateQwenFiles(home)).toEqual([...inHome, ...inMoved].sort());
    // As Qwen Code reads it, a leading ~ is the home.
    const underHome = chats(path.join(home, 'qwen-data'), '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d');
    process.env.QWEN_HOME = '~/qwen-data';
    expect(await locateQwenFiles(home)).toEqual([...inHome, ...underHome].sort());
    // Another home (a container's, a held-back one) is read as it is: this user's variables do not apply to it.
    const other = mkdtempSync(path.join(os.tmpdir(), 'dejavu-qwen-other-'));
    expect(await locateQwenFiles(other)).toEqual([]);
  });
});
