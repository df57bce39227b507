/**
 * Commands the person typed that kimi-cli's context files never hold (`/yolo`, `/compact`,
 * `/plan`…): their only record is a TurnBegin in the session's wire.jsonl (soul/kimisoul.py
 * `KimiSoul.run`; line shapes from wire/file.py and wire/types.py at 1.49.0; `/compact` rotates the
 * context to context_1.jsonl and starts the new one with the system prompt and the compaction
 * summary, soul/compaction.py). No real wire log with a command was found: the history before
 * the compaction is row 59's real session, the rest is written here in those shapes.
 */
import { appendFileSync, copyFileSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../../shared/record';
import { counts, countedFacts, providerUnderTest, textOf } from '../../../../test/provider-kit';
import { kimiCliProvider } from './index';
import { until } from '../../../../test/live-home';
import { LiveCapture } from '../../capture/live';
import { sync } from '../../capture/sync';
import { ArchiveReader } from '../../access/archive-reader';

const kit = providerUnderTest(kimiCliProvider);
const { tmp, row } = kit;
const parseMain = (file: string): Promise<Conversation> => kit.parseMain(file, 1);

const SKILL_MD = '---\nname: release-notes\ndescription: Write release notes from the merged pull requests\n---\n\n# Release notes\n\nList the merged pull requests.';
/** A prompt that starts like a command but is a prompt: its context message holds it. */
const SLASHED_PROMPT = '/tmp/pytest.log is empty after the run, why?';
const LATER_PROMPT = 'Also run the linter on the changed files.';

const turn = (at: number, input: unknown) => JSON.stringify({ timestamp: at, message: { type: 'TurnBegin', payload: { user_input: input } } });
const event = (at: number, type: string, payload: object) => JSON.stringify({ timestamp: at, message: { type, payload } });

function session(): { dir: string; firstPrompt: string } {
  const dir = path.join(tmp, 'typed-home', '.kimi', 'sessions', '00d5060aaec3fda180930ea52304b87b', '0f0f0f0f-0000-4000-8000-0000000000aa');
  mkdirSync(dir, { recursive: true });
  // Before `/compact`: the real session and a second prompt, rotated away.
  const later = [{ role: 'user', content: [{ type: 'text', text: LATER_PROMPT }] }, { role: 'assistant', content: [{ type: 'text', text: 'No lint errors in the changed files.' }] }];
  writeFileSync(path.join(dir, 'context_1.jsonl'), readFileSync(row(59).absPath, 'utf8').trimEnd() + '\n' + later.map((l) => JSON.stringify(l)).join('\n') + '\n');
  const firstLine = readFileSync(row(59).absPath, 'utf8').split('\n').find((l) => l.includes('"role": "user"') || l.includes('"role":"user"'))!;
  const first = JSON.parse(firstLine) as { content: string | { type: string; text?: string }[] };
  const firstPrompt = typeof first.content === 'string' ? first.content : first.content.map((p) => p.text ?? '').join('\n');
  const current = [
    { role: '_system_prompt', content: 'You are Kimi.' },
    { role: '_checkpoint', id: 0 },
    { role: 'user', content: [{ type: 'text', text: '<system>Previous context has been compacted. Here is the compaction output:</system>' }, { type: 'text', text: 'The fix is in; the test plan is left.' }] },
    // The last turn the compaction kept (soul/compaction.py to_preserve): copies, not typed again.
    ...later,
    { role: '_usage', token_count: 2100 },
    { role: '_checkpoint', id: 1 },
    { role: 'user', content: [{ type: 'text', text: SLASHED_PROMPT }] },
    { role: 'assistant', content: [{ type: 'text', text: 'The run was cut short before pytest wrote to it.' }] },
    { role: 'user', content: `${SKILL_MD}\n\nUser request:\nfor v1.4 only` },
    { role: 'assistant', content: [{ type: 'text', text: 'Release notes for v1.4 are below.' }] },
  ];
  writeFileSync(path.join(dir, 'context.jsonl'), current.map((l) => JSON.stringify(l)).join('\n') + '\n');
  const end = (at: number) => event(at, 'TurnEnd', {});
  const wire = [
    JSON.stringify({ type: 'metadata', protocol_version: '1.10' }),
    turn(1761814000.5, [{ type: 'text', text: firstPrompt }]),
    event(1761814001, 'StepBegin', { n: 1 }),
    end(1761814100),
    turn(1761814200, '/yolo'),
    end(1761814201),
    turn(1761814210, [{ type: 'text', text: LATER_PROMPT }]),
    end(1761814215),
    turn(1761814220, '/add-dir ../shared'),
    '{"timestamp": 1761814201, "message": {"type": "TurnBegin", "payload": {"user_input": "/plan"', // cut: not JSON
    end(1761814221),
    event(1761814250, 'SubagentEvent', { task_tool_call_id: 't1', event: { type: 'TurnBegin', payload: { user_input: '/not-the-persons' } } }),
    turn(1761814300, '/compact  keep the test plan'),
    event(1761814301, 'CompactionBegin', {}),
    end(1761814302),
    turn(1761814400, [{ type: 'text', text: SLASHED_PROMPT }]),
    end(1761814401),
    // `/init` runs the init prompt as a turn of its own inside its turn (soul/slash.py): not typed.
    turn(1761814450, '/init'),
    turn(1761814451, 'You are a software engineering expert with many years of programming experience.'),
    end(1761814460),
    end(1761814461),
    turn(1761814500, '/skill:release-notes for v1.4 only'),
    end(1761814501),
    turn(1761814600, '/plan'),
    end(1761814601),
  ];
  writeFileSync(path.join(dir, 'wire.jsonl'), wire.join('\n') + '\n');
  return { dir, firstPrompt };
}

const lines = (ls: readonly object[]) => ls.map((l) => JSON.stringify(l)).join('\n') + '\n';
const said = (text: string) => [{ role: '_checkpoint', id: 0 }, { role: 'user', content: [{ type: 'text', text }] }, { role: 'assistant', content: [{ type: 'text', text: `Done: ${text}` }] }];

/** A current-layout session (one prompt, then `/yolo`) in a home of its own, synced into an archive beside it. */
async function syncedSession(name: string) {
  const top = path.join(tmp, name);
  const dir = path.join(top, 'home', '.kimi', 'sessions', '00d5060aaec3fda180930ea52304b87b', '0f0f0f0f-0000-4000-8000-0000000000cc');
  mkdirSync(dir, { recursive: true });
  const context = path.join(dir, 'context.jsonl');
  const wire = path.join(dir, 'wire.jsonl');
  const settled = (...files: string[]) => files.forEach((f) => utimesSync(f, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000)));
  writeFileSync(context, lines([{ role: '_system_prompt', content: 'You are Kimi.' }, ...said(LATER_PROMPT)]));
  writeFileSync(wire, [turn(1761814000, [{ type: 'text', text: LATER_PROMPT }]), turn(1761814100, '/yolo')].join('\n') + '\n');
  settled(context, wire);
  const root = path.join(top, 'archive');
  await sync({ root, sources: [path.join(top, 'home')] });
  return { top, context, wire, root, settled };
}

describe('kimi provider: commands typed apart from the context (wire.jsonl TurnBegin)', () => {
  it('puts each where it was typed in the session’s current context, once, from its wire line', async () => {
    const { dir } = session();
    const c = await parseMain(path.join(dir, 'context.jsonl'));
    const shown = c.messages.filter((m) => m.role === 'user' || m.kind === 'system-prompt' || m.kind === 'compaction-summary').map((m) => `${m.kind ?? m.role}: ${textOf(m).slice(0, 40)}`);
    expect(shown).toEqual([
      // Typed after the rotated history's last prompt, before the compaction: ahead of the context it made.
      'slash-command: /add-dir ../shared',
      'slash-command: /compact  keep the test plan',
      'system-prompt: You are Kimi.',
      'compaction-summary: <system>Previous context has been compac',
      // Kept by the compaction: the rotated file places the commands typed before it.
      `user: ${LATER_PROMPT.slice(0, 40)}`,
      // A prompt that begins with a slash is held by the context: not a second message.
      `user: ${SLASHED_PROMPT.slice(0, 40)}`,
      // The init prompt it ran inside its turn matches nothing and is not the person's.
      'slash-command: /init',
      // The skill's command is remade from its context message, not taken twice.
      'slash-command: /skill:release-notes for v1.4 only',
      // Typed last, nothing after it: the end of the current context.
      'slash-command: /plan',
    ]);
    const plan = c.messages.at(-1)!;
    expect(plan.id).toBe('W24');
    expect(plan.timestamp).toBe(new Date(1761814600000).toISOString());
    expect(JSON.parse(plan.native as string)).toEqual(JSON.parse(turn(1761814600, '/plan')));
    // One source: the archive reads a second as another file of the conversation, read on its own.
    expect(c.sources).toEqual([path.join(dir, 'context.jsonl')]);
    expect(plan.source).toBe(0);
    expect(c.title).toBe(LATER_PROMPT);
    expect(c.warnings.map((w) => w.message)).toEqual(['wire.jsonl line 10: not JSON, skipped']);
  });

  it('puts a command typed before a rotated context’s prompt there, and none typed after its last', async () => {
    const { dir, firstPrompt } = session();
    const rotated = await parseMain(path.join(dir, 'context_1.jsonl'));
    const typed = rotated.messages.filter((m) => m.role === 'user').map((m) => textOf(m));
    expect(typed).toEqual([firstPrompt, '/yolo', LATER_PROMPT]);
    const facts = countedFacts(row(59));
    expect(counts(rotated)).toEqual({ ...facts, typed: facts.typed + 2, texts: facts.texts + 1 });
    expect(rotated.sources).toEqual([path.join(dir, 'context_1.jsonl')]);
  });

  it('reads a session without a wire log as before', async () => {
    const { dir } = session();
    const lone = path.join(tmp, 'typed-lone', '.kimi', 'sessions', '00d5060aaec3fda180930ea52304b87b', '0f0f0f0f-0000-4000-8000-0000000000bb');
    mkdirSync(lone, { recursive: true });
    copyFileSync(path.join(dir, 'context.jsonl'), path.join(lone, 'context.jsonl'));
    const c = await parseMain(path.join(lone, 'context.jsonl'));
    expect(c.messages.filter((m) => m.id.startsWith('W'))).toEqual([]);
    expect(c.warnings).toEqual([]);
  });

  it('stays where it was typed when the archive reads the session again as it grows', async () => {
    const { top, context, wire, root, settled } = await syncedSession('typed-sync');
    appendFileSync(wire, turn(1761814200, [{ type: 'text', text: SLASHED_PROMPT }]) + '\n');
    appendFileSync(context, lines(said(SLASHED_PROMPT)));
    settled(context, wire);
    await sync({ root, sources: [path.join(top, 'home')] });
    const reader = new ArchiveReader(root);
    const stored = reader.get(reader.list()[0].id)!;
    expect(stored.messages.map((m) => `${m.role}: ${textOf(m).slice(0, 12)}`)).toEqual([
      'system: You are Kimi',
      `user: ${LATER_PROMPT.slice(0, 12)}`,
      `assistant: Done: Also r`,
      'user: /yolo',
      `user: ${SLASHED_PROMPT.slice(0, 12)}`,
      'assistant: Done: /tmp/p',
    ]);
    expect(stored.sources).toEqual([context]);

    // A command typed last changes the wire log alone: the next sync reads the context again.
    appendFileSync(wire, turn(1761814300, '/plan') + '\n');
    utimesSync(wire, new Date(Date.now() - 30_000), new Date(Date.now() - 30_000));
    await sync({ root, sources: [path.join(top, 'home')] });
    const again = new ArchiveReader(root);
    expect(again.get(again.list()[0].id)!.messages.map((m) => `${m.role}: ${textOf(m).slice(0, 12)}`).slice(-2)).toEqual(['assistant: Done: /tmp/p', 'user: /plan']);
  });

  it('the app’s watcher reads the context again when only the wire log grew', async () => {
    const { top, wire, root } = await syncedSession('typed-live');
    const live = await LiveCapture.start({ root, sources: [path.join(top, 'home')] });
    try {
      const reader = new ArchiveReader(root);
      const last = () => textOf(reader.get(reader.list()[0].id)!.messages.at(-1)!);
      expect(last()).toBe('/yolo');
      appendFileSync(wire, turn(1761814300, '/plan') + '\n');
      await until(() => last() === '/plan', 10_000, 'the command typed last');
    } finally {
      await live.close();
    }
  }, 30_000);
});
