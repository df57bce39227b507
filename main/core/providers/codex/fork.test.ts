/**
 * Forked threads. A legacy fork's rollout is the fork's `session_meta`, then the parent's
 * `session_meta` and records up to the fork point (`persist_rollout_items` of the forked
 * history, re-stamped as written), then the fork's own turns; a paginated fork (0.150+) holds
 * only its own records behind a `history_base`. No real file has a fork: built here from
 * openai/codex's source (README.md says where).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../../shared/record';
import { parentLinkOf } from '../../../../shared/parent-link';
import { providerUnderTest, textOf } from '../../../../test/provider-kit';
import { envelope, sessionMeta, turn, writeRollout, type Json } from '../../../../test/codex-rollout';
import { codexProvider } from './index';
import { rolloutIncremental } from './parse';
import { fileParseContext } from '../../capture/parse-context';

const { tmp, parseMain } = providerUnderTest(codexProvider);
const PARENT = '019f5d40-0000-7000-8000-0000000d0001';
const FORK = '019f5d4f-0000-7000-8000-0000000d0002';

const parentRecords: [string, Json][] = [
  ['session_meta', sessionMeta(PARENT, '2026-10-05T14:00:00.000Z')],
  ...turn('turn-p1', 'Sketch the pricing page', 'Three tiers in PricingPage.tsx.'),
  ...turn('turn-p2', 'Add a yearly toggle', 'The toggle halves the monthly price.'),
];

/** The legacy fork: its own session_meta, the parent's replayed, then one turn of its own. */
function legacyFork(): string[] {
  const replay = envelope(parentRecords, '2026-10-05T15:00:00.000Z');
  const own = envelope(turn('turn-f1', 'Try a dark theme instead', 'Dark tokens in theme.css.'), '2026-10-05T15:01:00.000Z');
  return [envelope([['session_meta', sessionMeta(FORK, '2026-10-05T15:00:00.000Z', { forked_from_id: PARENT })]], '2026-10-05T15:00:00.000Z')[0], ...replay, ...own];
}

function codexHome(name: string, withParent: boolean): { parent?: string; fork: string } {
  const home = path.join(tmp, name);
  const parent = withParent ? writeRollout(home, PARENT, '2026-10-05T14:00:00', envelope(parentRecords, '2026-10-05T14:00:00.000Z')) : undefined;
  return { parent, fork: writeRollout(home, FORK, '2026-10-05T15:00:00', legacyFork()) };
}

const prompts = (c: Conversation) => c.messages.filter((m) => m.role === 'user').map(textOf);

describe('codex provider: forked threads', () => {
  it('keeps a legacy fork its own conversation, its replayed turns folded into one link to the parent', async () => {
    const h = codexHome('legacy', true);
    const c = await parseMain(h.fork, 1);
    expect(c.id).toBe(`codex_${FORK}`);
    expect(c.parentId).toBeUndefined();
    expect(c.relation).toBeUndefined();
    expect(parentLinkOf(c)).toEqual({ id: `codex_${PARENT}`, relation: 'fork' });
    expect(prompts(c)).toEqual(['Try a dark theme instead']);
    expect(c.messages.filter((m) => m.role === 'assistant').map(textOf)).toEqual(['Dark tokens in theme.css.']);
    expect(c.title).toBe('Try a dark theme instead');
    const points = c.messages.filter((m) => m.kind === 'fork-point');
    expect(points.length).toBe(1);
    expect(textOf(points[0])).toBe(`Forked from Codex thread ${PARENT}. The 2 turns it replays here are shown in that conversation.`);
    expect(points[0].parts[1]).toEqual({ type: 'generic', kind: 'forked-from', content: `codex_${PARENT}` });
    // Nothing read is dropped: the replayed lines stay in the link's native record.
    expect(points[0].native).toContain('Sketch the pricing page');
    expect(points[0].native).toContain('The toggle halves the monthly price.');
    expect(c.messages.indexOf(points[0])).toBeLessThan(c.messages.findIndex((m) => m.role === 'user'));
    expect(c.warnings).toEqual([]);
    // The parent keeps its turns: each prompt is counted once, there.
    expect(prompts(await parseMain(h.parent!, 1))).toEqual(['Sketch the pricing page', 'Add a yearly toggle']);
  });

  it('is read the same line by line as a live file', async () => {
    const h = codexHome('live', true);
    const parser = rolloutIncremental({ path: h.fork, instance: 'host' });
    let offset = 0;
    readFileSync(h.fork, 'utf8').split('\n').filter(Boolean).forEach((text, i) => {
      offset += Buffer.byteLength(text) + 1;
      parser.feed({ text, lineNo: i + 1, endOffset: offset });
    });
    expect(parser.snapshot()).toEqual(await codexProvider.parse(fileParseContext(h.fork)));
  });

  it('keeps the replay as the fork’s own when the parent’s rollout is gone, and says so', async () => {
    const c = await parseMain(codexHome('orphan', false).fork, 1);
    expect(prompts(c)).toEqual(['Sketch the pricing page', 'Add a yearly toggle', 'Try a dark theme instead']);
    expect(c.messages.filter((m) => m.kind === 'fork-point').map(textOf)).toEqual([`Forked from Codex thread ${PARENT}; the earlier turns are in that conversation.`]);
    expect(c.warnings).toEqual([{ message: `Forked from Codex thread ${PARENT}, whose rollout was not found: the turns this file replays from it are shown as this thread's` }]);
  });

  it('keeps a fork’s own turns when they carry no turn ids to tell them apart', async () => {
    const home = path.join(tmp, 'no-turn-ids');
    const strip = (lines: string[]) =>
      lines.map((l) => {
        const record = JSON.parse(l) as { payload: Json };
        delete record.payload.turn_id;
        return JSON.stringify(record);
      });
    writeRollout(home, PARENT, '2026-10-05T14:00:00', strip(envelope(parentRecords, '2026-10-05T14:00:00.000Z')));
    const fork = writeRollout(home, FORK, '2026-10-05T15:00:00', strip(legacyFork()));
    const c = await parseMain(fork, 1);
    expect(prompts(c)).toEqual(['Sketch the pricing page', 'Add a yearly toggle', 'Try a dark theme instead']);
    expect(c.warnings).toEqual([{ message: `Forked from Codex thread ${PARENT}, but the replayed records name no turn of it: they are shown as this thread's` }]);
  });

  it('links a paginated fork (history_base, own records only) to its parent', async () => {
    const home = path.join(tmp, 'paginated');
    const parentLines = envelope(parentRecords, '2026-10-05T14:00:00.000Z', 0);
    writeRollout(home, PARENT, '2026-10-05T14:00:00', parentLines);
    const base = { thread_id: PARENT, end_ordinal_exclusive: 8, end_byte_offset: parentLines.slice(0, 8).reduce((n, l) => n + Buffer.byteLength(l) + 1, 0) };
    const meta = sessionMeta(FORK, '2026-10-05T15:00:00.000Z', { forked_from_id: PARENT, history_mode: 'paginated', history_base: base });
    const lines = envelope([['session_meta', meta], ...turn('turn-f1', 'Try a dark theme instead', 'Dark tokens in theme.css.')], '2026-10-05T15:00:00.000Z', 8);
    mkdirSync(home, { recursive: true });
    const c = await parseMain(writeRollout(home, FORK, '2026-10-05T15:00:00', lines), 1);
    expect(c.id).toBe(`codex_${FORK}`);
    expect(prompts(c)).toEqual(['Try a dark theme instead']);
    expect(c.messages[0]).toMatchObject({ role: 'system', kind: 'fork-point', parts: [{ type: 'text', content: `Forked from Codex thread ${PARENT}; the earlier turns are in that conversation.` }, { type: 'generic', kind: 'forked-from', content: `codex_${PARENT}` }] });
    expect(c.title).toBe('Try a dark theme instead');
    expect(c.warnings).toEqual([]);
  });
});
