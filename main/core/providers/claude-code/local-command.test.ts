/**
 * A command Claude Code answers itself, typed by the person. Fixture 12 (2.1.101) writes
 * `/reload-plugins` as a user record and only its output as a `system` `local_command`; later
 * builds (2.1.2xx, README "local_command") write the command too only as a `local_command` echo.
 * The variants are fixture 12's own lines: its user record rewritten as that echo, or the echo
 * added beside it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../../shared/record';
import { providerUnderTest } from '../../../../test/provider-kit';
import { claudeCodeProvider } from './index';

const { row, tmp, parseMain } = providerUnderTest(claudeCodeProvider);
const lines = readFileSync(row(12).absPath, 'utf8').split('\n').filter(Boolean);
const at = lines.findIndex((l) => l.includes('"type":"user"') && l.includes('<command-name>/reload-plugins'));
const typed = JSON.parse(lines[at]) as { uuid: string; timestamp: string; message: { content: string }; [k: string]: unknown };
const commands = (messages: readonly Message[]) => messages.filter((m) => m.kind === 'slash-command');

/** The user record as a later build writes the command: a `system` `local_command` echo of its text. */
function echoOf(uuid: string): string {
  const { message, promptId: _p, ...envelope } = typed;
  return JSON.stringify({ ...envelope, uuid, type: 'system', subtype: 'local_command', content: message.content, level: 'info' });
}

function written(name: string, content: readonly string[]): string {
  const file = path.join(tmp, name);
  writeFileSync(file, `${content.join('\n')}\n`);
  return file;
}

describe('a command Claude Code answers itself', () => {
  it('is the person’s slash command when only its local_command echo records it', async () => {
    const original = await parseMain(row(12).absPath);
    const main = await parseMain(written('echo-only.jsonl', lines.map((l, i) => (i === at ? echoOf(typed.uuid) : l))));
    expect(commands(main.messages).map((m) => m.role)).toEqual(commands(original.messages).map((m) => m.role));
    const [echo] = commands(main.messages).filter((m) => m.id === typed.uuid);
    expect(echo).toMatchObject({ role: 'user', parts: [{ type: 'text', content: typed.message.content }] });
    expect(main.messages.filter((m) => m.role === 'user').length).toBe(original.messages.filter((m) => m.role === 'user').length);
  });

  it('is one command when a user record and its echo both say it', async () => {
    const original = await parseMain(row(12).absPath);
    const both = [...lines.slice(0, at + 1), echoOf(`${typed.uuid}-echo`), ...lines.slice(at + 1)];
    const main = await parseMain(written('both.jsonl', both));
    expect(commands(main.messages).length).toBe(commands(original.messages).length);
    expect(main.messages.some((m) => m.id === `${typed.uuid}-echo`)).toBe(false);
  });

  it('keeps the command’s output as the system text it was', async () => {
    const main = await parseMain(row(12).absPath);
    const output = main.messages.find((m) => m.kind === 'local_command');
    expect(output?.role).toBe('system');
    expect(output?.parts[0]).toMatchObject({ type: 'text', content: expect.stringContaining('<local-command-stdout>Reloaded:') });
  });
});
