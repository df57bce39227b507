/**
 * Slash commands Gemini CLI answers itself (`/stats`, `/model`…) are not in the chat file, only in
 * the project's logs.json (packages/core/src/core/logger.ts: every submitted input). The chat is
 * row 33 (real, its `/init` recorded); the log entries are written here in logger.ts's shape.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { providerUnderTest, textOf, writeFileIn } from '../../../../test/provider-kit';
import { geminiCliProvider } from './index';

const { tmp, row, parseMain, parseAll } = providerUnderTest(geminiCliProvider);

const chatId = '0ab84937-9fe7-4284-986a-33c832af0b6a';
const otherId = '7d1c0000-1111-4222-8333-444455556666';

function project(name: string, entries: readonly object[] | undefined): { chat: string; logs: string } {
  const dir = path.join(tmp, name, '.gemini', 'tmp', 'my-proj');
  const chat = writeFileIn(path.join(dir, 'chats', `session-2026-04-23T12-52-${chatId.slice(0, 8)}.jsonl`), readFileSync(row(33).absPath, 'utf8'));
  const logs = path.join(dir, 'logs.json');
  if (entries) writeFileIn(logs, JSON.stringify(entries, null, 2));
  return { chat, logs };
}

const entry = (sessionId: string, messageId: number, timestamp: string, message: string) => ({ sessionId, messageId, timestamp, type: 'user', message });

describe('gemini-cli provider: commands typed that the chat does not record', () => {
  it('puts each at its time in the chat’s chain, once, and leaves the chat’s own and its prompts alone', async () => {
    const before = await parseMain(row(33).absPath);
    const prompt = textOf(before.messages.filter((m) => m.role === 'user')[1]);
    const { chat, logs } = project('typed', [
      entry(chatId, 0, '2026-04-23T12:53:00.000Z', '/init'),
      entry(chatId, 1, '2026-04-23T12:54:10.000Z', '/stats model'),
      entry(chatId, 2, '2026-04-23T12:54:16.000Z', prompt),
      entry(otherId, 0, '2026-04-23T12:55:00.000Z', '/help'),
      // Shell mode logs what was typed too: a path is not a command.
      entry(chatId, 3, '2026-04-23T12:56:30.000Z', '/usr/bin/make test'),
      entry(chatId, 4, '2026-04-23T12:59:00.000Z', '/model'),
      // The CLI goes on in a new session, its logger with this one's id (useLogger.ts): not this chat's.
      entry(chatId, 5, '2026-04-23T12:59:30.000Z', '/clear'),
      entry(chatId, 6, '2026-04-23T13:00:00.000Z', '/stats'),
      entry(chatId, 7, '2026-04-23T13:00:10.000Z', 'a prompt of the next session'),
    ]);
    const c = await parseMain(chat);
    const typed = (m: { role: string; kind?: string }) => m.role === 'user';
    expect(c.messages.filter(typed).map((m) => [m.kind, textOf(m).slice(0, 12)])).toEqual([
      ['slash-command', '/init'],
      ['slash-command', '/stats model'],
      [undefined, textOf(before.messages.filter(typed)[1]).slice(0, 12)],
      ['slash-command', '/model'],
      ['slash-command', '/clear'],
    ]);
    expect(c.messages.length).toBe(before.messages.length + 3);
    expect(c.endedAt).toBe('2026-04-23T12:59:30.000Z');
    // At its time: after the answer of 12:53:53, before the prompt of 12:54:16, which now follows it.
    const at = c.messages.findIndex((m) => m.id === 'log-1');
    expect(c.messages[at - 1].timestamp! < '2026-04-23T12:54:00.000Z').toBe(true);
    expect(c.messages[at].parentId).toBe(c.messages[at - 1].id);
    expect(c.messages[at + 1].parentId).toBe('log-1');
    const model = c.messages.at(-2)!;
    expect([model.id, model.timestamp, model.parentId, model.source]).toEqual(['log-4', '2026-04-23T12:59:00.000Z', c.messages.at(-3)!.id, 0]);
    expect(JSON.parse(model.native as string)).toEqual(entry(chatId, 4, '2026-04-23T12:59:00.000Z', '/model'));
    expect(c.messages.at(-1)!.parentId).toBe('log-4');
    // One source: the archive reads a second as another file of the conversation, read on its own.
    expect(c.sources).toEqual([chat]);
    expect(c.title).toBe(before.title);
    // The log's prompts-only conversations are still only the sessions without a chat.
    expect((await parseAll(logs)).map((x) => x.nativeId)).toEqual([otherId]);
  });

  it('leaves a stretch after /clear to the chat it went on in, though the chat left held the same words', async () => {
    const before = await parseMain(row(33).absPath);
    const prompt = textOf(before.messages.filter((m) => m.role === 'user')[1]);
    // Row 33's chat typed the prompt at 12:54:16, then /clear; the same words again in the next chat.
    const { chat } = project('left', [
      entry(chatId, 0, '2026-04-23T12:53:00.000Z', '/init'),
      entry(chatId, 1, '2026-04-23T12:54:16.000Z', prompt),
      entry(chatId, 2, '2026-04-23T12:54:30.000Z', '/clear'),
      entry(chatId, 3, '2026-04-23T12:54:50.000Z', prompt),
      entry(chatId, 4, '2026-04-23T12:55:00.000Z', '/stats'),
    ]);
    const c = await parseMain(chat);
    expect(c.messages.filter((m) => m.id.startsWith('log-')).map((m) => [m.id, textOf(m)])).toEqual([['log-2', '/clear']]);
  });

  it('finds what was typed after /clear, logged under the session the CLI started with, in the chat it went on in', async () => {
    const before = await parseMain(row(33).absPath);
    const prompt = textOf(before.messages.filter((m) => m.role === 'user')[1]);
    const { chat } = project('switched', [
      entry(otherId, 0, '2026-04-23T12:40:00.000Z', '/stats'),
      entry(otherId, 1, '2026-04-23T12:50:00.000Z', '/clear'),
      // The chat of row 33 began after that /clear: its prompt of 12:54:16 is in this stretch.
      entry(otherId, 2, '2026-04-23T12:52:30.000Z', '/model'),
      entry(otherId, 3, '2026-04-23T12:53:00.000Z', '/init'),
      entry(otherId, 4, '2026-04-23T12:54:16.100Z', prompt),
      entry(otherId, 5, '2026-04-23T12:57:00.000Z', '/tools'),
      entry(otherId, 6, '2026-04-23T12:59:40.000Z', '/clear'),
      // Another chat's stretch.
      entry(otherId, 7, '2026-04-23T13:01:00.000Z', '/about'),
      entry(otherId, 8, '2026-04-23T13:01:30.000Z', 'a prompt of the next chat'),
      // The same words typed again a day later, after /resume: another chat's.
      entry(otherId, 9, '2026-04-24T09:00:00.000Z', '/resume'),
      entry(otherId, 10, '2026-04-24T09:00:30.000Z', '/help'),
      entry(otherId, 11, '2026-04-24T09:01:00.000Z', prompt),
    ]);
    const c = await parseMain(chat);
    expect(c.messages.filter((m) => m.role === 'user').map((m) => textOf(m).slice(0, 12))).toEqual(['/model', '/init', prompt.slice(0, 12), '/tools', '/clear']);
    // The chat's own `/init` is said once; the launch session's /stats and the next chat's /about are not here.
    expect(c.messages.filter((m) => m.id.startsWith('log-')).map((m) => m.id)).toEqual(['log-7d1c0000-2', 'log-7d1c0000-5', 'log-7d1c0000-6']);
  });

  it('takes a prompt the chat recorded for a command before displayContent as its expansion', async () => {
    // Row 33 as a CLI before v0.28 wrote it: the `/init` record without what was typed.
    const lines = readFileSync(row(33).absPath, 'utf8').split('\n').filter(Boolean);
    const older = lines.map((l) => (l.includes('"displayContent"') && l.includes('/init') ? JSON.stringify({ ...JSON.parse(l), displayContent: undefined }) : l));
    const dir = path.join(tmp, 'older', '.gemini', 'tmp', 'my-proj');
    const chat = writeFileIn(path.join(dir, 'chats', `session-2026-04-23T12-52-${chatId.slice(0, 8)}.jsonl`), older.join('\n') + '\n');
    const plain = await parseMain(chat);
    expect(plain.messages.filter((m) => m.role === 'user').length).toBe(2); // its expansion read as typed
    // `/stats` 16 s before the next prompt (not in this log): a prompt typed later is not its expansion.
    writeFileIn(path.join(dir, 'logs.json'), JSON.stringify([entry(chatId, 0, '2026-04-23T12:53:00.000Z', '/init'), entry(chatId, 1, '2026-04-23T12:54:00.000Z', '/stats')]));
    const c = await parseMain(chat);
    const at = c.messages.findIndex((m) => m.id === 'log-0');
    // The CLI's note while /init works, then what it sent.
    expect(c.messages.slice(at, at + 3).map((m) => [m.role, m.kind])).toEqual([['user', 'slash-command'], ['system', 'info'], ['system', 'command-expansion']]);
    expect(textOf(c.messages[at + 2])).toMatch(/^\s*You are an AI agent/);
    expect(c.messages.filter((m) => m.role === 'user').map((m) => m.kind ?? 'typed')).toEqual(['slash-command', 'slash-command', 'typed']);
  });

  it('reads a chat without a log, or with a broken one, as before', async () => {
    const before = await parseMain(row(33).absPath);
    const lone = await parseMain(project('lone', undefined).chat);
    expect(lone.messages.length).toBe(before.messages.length);
    expect(lone.sources.length).toBe(1);
    const { chat, logs } = project('broken', []);
    writeFileIn(logs, '[{"sessionId": "0ab8');
    const broken = await parseMain(chat);
    expect(broken.messages.length).toBe(before.messages.length);
    expect(broken.warnings).toEqual(before.warnings);
  });
});
