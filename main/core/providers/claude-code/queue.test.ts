/**
 * Prompts typed ahead while Claude Code worked (queue.ts), on two real files: fixture 11 (2.1.71:
 * "push", typed while the agent ran "add commit" and taken into that turn, of which the queue holds
 * the only record) and fixture 13 (2.1.108: background-task notices the harness queued, each
 * removal followed by a `queued_command` attachment). Variants are those files' own lines, with a
 * line added or one field changed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../../shared/record';
import { providerUnderTest } from '../../../../test/provider-kit';
import { fileParseContext } from '../../capture/parse-context';
import { claudeCodeProvider } from './index';
import { parseClaudeCodeLarge } from './lazy';

const { row, tmp, parseMain } = providerUnderTest(claudeCodeProvider);
const linesOf = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean);
const textOf = (m: Message) => m.parts.map((p) => (p.type === 'text' ? p.content : '')).join('');
const queued = (messages: readonly Message[]) => messages.filter((m) => m.kind === 'queued');
const isQueueOp = (line: string) => (JSON.parse(line) as { type?: string }).type === 'queue-operation';

function written(name: string, lines: readonly string[]): string {
  const file = path.join(tmp, name);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** Fixture 13's first queued_command attachment, saying what the person typed in 2.1.108's form. */
function typedAttachment(prompt: string): string {
  const line = linesOf(row(13).absPath).find((l) => l.includes('"queued_command"'))!;
  const record = JSON.parse(line) as { uuid: string; attachment: Record<string, unknown> };
  return JSON.stringify({ ...record, uuid: `${record.uuid}-${prompt.replace(/\W+/g, '-')}`, attachment: { ...record.attachment, prompt, commandMode: 'prompt' } });
}

describe('a prompt typed ahead while the agent worked', () => {
  it('is the person’s prompt where the running turn took it in, though only the queue recorded it (fixture 11)', async () => {
    const main = await parseMain(row(11).absPath);
    const [push] = queued(main.messages);
    expect(queued(main.messages)).toHaveLength(1);
    expect(push).toMatchObject({ role: 'user', parts: [{ type: 'text', content: 'push' }] });
    expect(push.native).toContain('"operation":"enqueue"');
    // After the prompt it came with ("add commit") and before the commit and the push it asked for.
    const at = main.messages.indexOf(push);
    const before = main.messages.slice(0, at).filter((m) => m.role === 'user').map(textOf);
    expect(before.at(-1)).toBe('add commit');
    const commands = main.messages.slice(at).flatMap((m) => m.parts.flatMap((p) => (p.type === 'tool_call' ? [p.arguments] : [])));
    expect(commands.some((a) => a.includes('git push'))).toBe(true);
  });

  it('is the same message when a huge file’s bodies are read again from their lines', async () => {
    const [main] = await parseClaudeCodeLarge(fileParseContext(row(11).absPath));
    expect(queued([...main.messages]).map((m) => [m.role, textOf(m)])).toEqual([['user', 'push']]);
  });

  it('is one message when a later build repeats it in a queued_command attachment', async () => {
    const lines = linesOf(row(11).absPath);
    const removal = lines.findIndex((l) => l.includes('"operation":"remove"'));
    const file = written('repeated.jsonl', [...lines.slice(0, removal + 1), typedAttachment('push'), ...lines.slice(removal + 1)]);
    const main = await parseMain(file);
    expect(queued(main.messages).map(textOf)).toEqual(['push']);
    expect(main.messages.filter((m) => m.kind === 'attachment:queued_command')).toEqual([]);
  });

  it('is one message each when two taken in together are repeated by two attachments', async () => {
    const lines = linesOf(row(11).absPath);
    const enqueue = lines.findIndex((l) => l.includes('"operation":"enqueue"'));
    const removal = lines.findIndex((l) => l.includes('"operation":"remove"'));
    const second = lines[enqueue].replace('"content":"push"', '"content":"and tag it"');
    const both = [...lines.slice(0, enqueue + 1), second, ...lines.slice(enqueue + 1, removal + 1), lines[removal], typedAttachment('push'), typedAttachment('and tag it'), ...lines.slice(removal + 1)];
    const main = await parseMain(written('two.jsonl', both));
    expect(queued(main.messages).map(textOf)).toEqual(['push', 'and tag it']);
    expect(main.messages.filter((m) => m.kind === 'attachment:queued_command')).toEqual([]);
  });

  it('keeps a typed prompt that is one whole tag, unlike a notice the harness queued', async () => {
    const lines = linesOf(row(11).absPath).map((l) => (l.includes('"operation":"enqueue"') ? l.replace('"content":"push"', '"content":"<b>push</b>"') : l));
    expect(queued((await parseMain(written('tag.jsonl', lines))).messages).map(textOf)).toEqual(['<b>push</b>']);
  });

  it('is the person’s prompt when only a typed queued_command attachment says it', async () => {
    const lines = linesOf(row(11).absPath).filter((l) => !isQueueOp(l));
    const at = lines.findIndex((l) => l.includes('git status'));
    const main = await parseMain(written('attachment-only.jsonl', [...lines.slice(0, at + 1), typedAttachment('push'), ...lines.slice(at + 1)]));
    expect(queued(main.messages).map((m) => [m.role, textOf(m)])).toEqual([['user', 'push']]);
  });

  it('is nothing when the person took it back to edit, or the agent took nothing in', async () => {
    const lines = linesOf(row(11).absPath);
    const asPopAll = lines.map((l) => (l.includes('"operation":"remove"') ? l.replace('"operation":"remove"', '"operation":"popAll"') : l));
    expect(queued((await parseMain(written('popall.jsonl', asPopAll))).messages)).toEqual([]);
    const withoutEnqueue = lines.filter((l) => !l.includes('"operation":"enqueue"'));
    expect(queued((await parseMain(written('no-enqueue.jsonl', withoutEnqueue))).messages)).toEqual([]);
  });

  it('leaves a notice the harness queued as the system attachment it was (fixture 13)', async () => {
    const main = await parseMain(row(13).absPath);
    expect(queued(main.messages)).toEqual([]);
    const notices = main.messages.filter((m) => m.kind === 'attachment:queued_command');
    expect(notices.length).toBe(linesOf(row(13).absPath).filter((l) => l.includes('"queued_command"')).length);
    expect(notices.every((m) => m.role === 'system' && textOf(m).startsWith('<task-notification>'))).toBe(true);
  });
});
