/**
 * Segment rotation (newer Codex): the canonical rollout replaced by a successor that references
 * an immutable copy of what it held. No real file has it; the records are built in
 * test/codex-rotation.ts from openai/codex's source (README.md says where).
 */
import { describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Conversation } from '../../../../shared/record';
import { providerUnderTest, textOf } from '../../../../test/provider-kit';
import { ANSWERS, PROMPTS, ROTATED_THREAD, referenceLine, rotatedPaths, write, writeRotated } from '../../../../test/codex-rotation';
import { rolloutLine, sessionMeta, envelope, turn } from '../../../../test/codex-rollout';
import { codexProvider } from './index';

const { tmp, parseMain } = providerUnderTest(codexProvider);

const said = (c: Conversation, role: 'user' | 'assistant') => c.messages.filter((m) => m.role === role).map(textOf);

describe('codex provider: a rotated rollout', () => {
  it('reads the successor as one conversation: the segment first, then its own turns, each once', async () => {
    const before = await parseMain(writeRotated(path.join(tmp, 'r0'), 0).canonical, 1);
    const after = await parseMain(writeRotated(path.join(tmp, 'r1'), 1).canonical, 1);
    expect(after.id).toBe(`codex_${ROTATED_THREAD}`);
    expect(said(after, 'user')).toEqual(PROMPTS.slice(0, 3));
    expect(said(after, 'assistant')).toEqual(ANSWERS.slice(0, 3));
    expect(after.warnings).toEqual([]);
    expect(after.title).toBe(PROMPTS[0]);
    // The segment's messages keep the ids they had in the canonical file: the archive, which
    // read that file before the rotation, finds every one of them again.
    const earlier = after.messages.slice(0, before.messages.length);
    expect(earlier.map((m) => [m.id, textOf(m)])).toEqual(before.messages.map((m) => [m.id, textOf(m)]));
    const own = after.messages.slice(before.messages.length);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((m) => m.id.startsWith('initial.L'))).toBe(true);
    expect(new Set(after.messages.map((m) => m.id)).size).toBe(after.messages.length);
  });

  it('follows a chain of segments, and a message keeps its id from one rotation to the next', async () => {
    const once = await parseMain(writeRotated(path.join(tmp, 'c1'), 1).canonical, 1);
    const twice = await parseMain(writeRotated(path.join(tmp, 'c2'), 2).canonical, 1);
    expect(said(twice, 'user')).toEqual(PROMPTS);
    expect(said(twice, 'assistant')).toEqual(ANSWERS);
    expect(twice.warnings).toEqual([]);
    const ids = new Map(twice.messages.map((m) => [m.id, textOf(m)]));
    for (const m of once.messages) expect(ids.get(m.id), m.id).toBe(textOf(m));
    expect(ids.size).toBe(twice.messages.length);
  });

  it('finds a segment named by another machine\'s Codex home under this one', async () => {
    const c = await parseMain(writeRotated(path.join(tmp, 'foreign'), 2, true).canonical, 1);
    expect(said(c, 'user')).toEqual(PROMPTS);
    expect(c.warnings).toEqual([]);
  });

  it('keeps its own turns and says so when the segment is gone', async () => {
    const p = writeRotated(path.join(tmp, 'gone'), 1);
    rmSync(p.firstSegment);
    const c = await parseMain(p.canonical, 1);
    expect(said(c, 'user')).toEqual([PROMPTS[2]]);
    expect(c.messages.every((m) => m.id.startsWith('initial.L'))).toBe(true);
    expect(c.warnings).toEqual([
      { line: 2, message: `The earlier segment this rollout continues (${p.firstSegment}) was not found: its turns are not read from this file (the archive keeps what it read of them before)` },
    ]);
  });

  it('keeps every turn of a truncated reference, the ones Codex left behind as an abandoned branch', async () => {
    const home = path.join(tmp, 'truncated');
    const p = writeRotated(home, 1);
    const meta = rolloutLine('2026-09-02T08:00:00.000Z', 'session_meta', sessionMeta(ROTATED_THREAD, '2026-09-01T10:00:00.000Z'));
    write(p.canonical, [meta, referenceLine(p.firstSegment, null, ROTATED_THREAD, 1), ...envelope(turn('turn-9', PROMPTS[3], ANSWERS[3]), '2026-09-02T08:00:01.000Z')]);
    const c = await parseMain(p.canonical, 1);
    expect(said(c, 'user')).toEqual([PROMPTS[0], PROMPTS[1], PROMPTS[3]]);
    const marker = c.messages.find((m) => m.kind === 'rewind')!;
    expect(textOf(marker)).toBe('Codex went on from before prompt 2 of the earlier segment; the turns from there on stay above as an abandoned branch.');
    // Linked to the last message before the prompt the rollback undid.
    const undone = c.messages.findIndex((m) => textOf(m) === PROMPTS[1]);
    expect(marker.parentId).toBe(c.messages[undone - 1].id);
  });

  it('reads a reference to another thread as the fork it is: a link, not that thread\'s turns', async () => {
    const home = path.join(tmp, 'fork');
    const parent = writeRotated(home, 0);
    const forkId = '019f4c99-0000-7000-8000-00000000f0f0';
    const fork = path.join(path.dirname(parent.canonical), `rollout-2026-09-01T12-00-00-${forkId}.jsonl`);
    const meta = rolloutLine('2026-09-01T12:00:00.000Z', 'session_meta', sessionMeta(forkId, '2026-09-01T12:00:00.000Z'));
    write(fork, [meta, referenceLine(rotatedPaths(home).firstSegment, 'a9e0c1f2-0000-4000-8000-000000000001', ROTATED_THREAD), ...envelope(turn('turn-f', 'Try a high-contrast theme', 'Added high-contrast.'), '2026-09-01T12:00:01.000Z')]);
    const c = await parseMain(fork, 1);
    expect(said(c, 'user')).toEqual(['Try a high-contrast theme']);
    const point = c.messages.find((m) => m.kind === 'fork-point')!;
    expect(point.parts).toContainEqual({ type: 'generic', kind: 'forked-from', content: `codex_${ROTATED_THREAD}` });
    expect(c.warnings).toEqual([]);
  });
});

describe('codex provider: locating a rotated thread', () => {
  it('finds the canonical file, never a segment as a conversation of its own', async () => {
    const home = path.join(tmp, 'located');
    const p = writeRotated(home, 2);
    // An archived thread's segments move under archived_sessions/<thread id>/<segment id>/.
    const archived = write(path.join(home, '.codex', 'archived_sessions', ROTATED_THREAD, 'initial', path.basename(p.firstSegment)), ['{}']);
    const located = await codexProvider.locate(home);
    expect(located).toEqual([p.canonical]);
    expect(located).not.toContain(archived);
  });
});

describe('codex provider: a segment that refers back to its successor', () => {
  it('is read once, with a warning, never in a loop', async () => {
    const home = path.join(tmp, 'loop');
    const p = writeRotated(home, 1);
    // A damaged segment whose reference names the canonical file itself.
    write(p.firstSegment, [rolloutLine('2026-09-01T10:00:00.000Z', 'session_meta', sessionMeta(ROTATED_THREAD, '2026-09-01T10:00:00.000Z')), referenceLine(p.canonical, null)]);
    const c = await parseMain(p.canonical, 1);
    expect(said(c, 'user')).toEqual([PROMPTS[2]]);
    expect(c.warnings).toEqual([{ message: `In the earlier segment ${p.firstSegment} (line 2): The earlier segment ${p.canonical} refers back to a file already being read: not read again` }]);
  });
});
