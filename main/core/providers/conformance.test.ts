/**
 * One suite every provider passes on its real fixtures (../shared/fixtures, PROVENANCE.md), so a
 * new agent is held to the same bar by adding its folder and its registry line:
 * - the counted facts of each fixture (prompts, answers, tool calls), with the exceptions
 *   test/counts.ts names, and no warning on a real file;
 * - `detect` owns its own fixtures and no other agent's, and the registry's order agrees;
 * - every tool result answers a call of its own conversation, and every message keeps its
 *   record under an id of its own (test/provider-kit.ts);
 * - `locate` finds each fixture laid out in a home where the agent writes it (test/home-layout.ts;
 *   test/home-sync.test.ts runs the real `sync` on such homes);
 * - the same session files in the host home and a jackin container home sync to two
 *   conversations each, under distinct ids, every subagent under its parent in its own home;
 * - a cut, holed, polluted and empty copy of each fixture keeps what it can and names what it
 *   skipped, in the warning a person would see (test/damaged-copies.ts);
 * - the incremental parser, where there is one, equals a whole parse at every step;
 * - a reviewed outline per agent (test/outline-golden.ts; source-only agents' parse tests write theirs): a missing one fails, and
 *   only `UPDATE_GOLDEN=1` writes them.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../../shared/record';
import { countAsProvenance, EXTRA_ANSWER_KINDS, HARNESS_PROMPT_KINDS, TYPED_AHEAD_KINDS } from '../../../test/counts';
import { expectDamagedCopiesSurvive } from '../../../test/damaged-copies';
import { FIXTURES_DIR } from '../../../test/fixtures';
import { HOME_PLACES, layOut } from '../../../test/home-layout';
import { type FixtureFacts, provenanceFor } from '../../../test/provenance';
import { expectOutlineGolden } from '../../../test/outline-golden';
import { expectMessagesKept, expectToolResultsJoined, filesUnder } from '../../../test/provider-kit';
import { ArchiveReader } from '../access/archive-reader';
import { fileParseContext } from '../capture/parse-context';
import { sync } from '../capture/sync';
import { readHead, readLines } from '../capture/read-lines';
import type { Provider, SourceLine } from './kit/provider';
import { detectProvider, PROVIDERS } from './registry';

/** The conversations a fixture's facts describe: its main ones (Aider keeps several sessions in one file). */
function mainsOf(conversations: Conversation[]): Conversation[] {
  const mains = conversations.filter((c) => c.parentId === undefined);
  return mains.length ? mains : conversations;
}

/** Which agent's fixture a file is, by the folder it sits in (undefined for PROVENANCE.md itself). */
function ownerOf(file: string): string | undefined {
  const rel = path.relative(FIXTURES_DIR, file).split(path.sep);
  return rel.length > 1 ? rel[0] : undefined;
}


async function linesOf(filePath: string): Promise<SourceLine[]> {
  const lines: SourceLine[] = [];
  for await (const line of readLines(filePath, { tail: 'if-json' })) lines.push(line);
  return lines;
}

function fed(provider: Provider, filePath: string, lines: readonly SourceLine[]): Conversation[] {
  const parser = provider.incremental!({ path: filePath, instance: 'host' });
  for (const line of lines) parser.feed(line);
  return parser.snapshot();
}

const fixtureFiles = filesUnder(FIXTURES_DIR).filter((file) => ownerOf(file) !== undefined);

/**
 * The message kinds that make Déjà Vu's record differ from PROVENANCE's counting (test/counts.ts),
 * and the agents that may write them: anywhere else they would hide a typed prompt or an answer.
 */
const EXCEPTION_KINDS: Readonly<Record<string, readonly string[]>> = {
  'copilot-cli': ['autopilot-continuation'],
  aider: ['confirm-answer', 'architect-handoff'],
  'gemini-cli': ['continuation'],
  cline: ['followup-question', 'plan'],
  'claude-code': ['queued'],
};
/**
 * Fixtures with tool calls whose file holds no result for any of them: two Entire checkpoints
 * (no `tool_result` block at all) and a Cline task whose `say:tool` entries carry no output.
 */
const CALLS_WITHOUT_RESULTS = new Set([7, 53, 63]);
/**
 * The fixtures laid out in two homes at once: the agent's smallest, and for agents with
 * subagents one that has them (Claude Code's sidechains in the session file, Kimi's subagent
 * context file beside its session's).
 */
const TWO_HOME_ROWS: Readonly<Record<string, readonly number[]>> = { 'claude-code': [2], 'kimi-cli': [56, 57] };
const twoHomeRows = (rows: readonly FixtureFacts[]) => {
  const named = TWO_HOME_ROWS[rows[0].agentSection];
  return named ? rows.filter((r) => named.includes(r.n)) : [[...rows].sort((a, b) => statSync(a.absPath).size - statSync(b.absPath).size)[0]];
};
const SUBAGENT_TASKS = 'subagent task messages (from parent agent, not typed)';
const ALL_EXCEPTION_KINDS = new Set([...HARNESS_PROMPT_KINDS, ...EXTRA_ANSWER_KINDS, ...TYPED_AHEAD_KINDS]);

describe('detection over every fixture', () => {
  it('has fixtures of many agents to tell apart', () => {
    expect(fixtureFiles.length).toBeGreaterThan(30);
    expect(new Set(fixtureFiles.map(ownerOf)).size).toBeGreaterThanOrEqual(10);
  });

  it.each(PROVIDERS.map((p) => [p.agent, p] as const))('%s detects its own fixtures and no other agent’s', async (agent, provider) => {
    for (const file of fixtureFiles) {
      expect(provider.detect({ path: file, head: await readHead(file) }), file).toBe(ownerOf(file) === agent);
    }
  });

  it('the registry gives every fixture to its own agent', async () => {
    for (const file of fixtureFiles) expect(detectProvider({ path: file, head: await readHead(file) })?.agent, file).toBe(ownerOf(file));
  });
});

for (const provider of PROVIDERS) {
  const rows = provenanceFor(provider.agent);
  if (rows.length === 0) continue; // no real file of this agent exists yet (PROVENANCE "Gaps"): its own tests use built records

  describe(`${provider.agent}: conformance on its real fixtures`, () => {
    const damaged = mkdtempSync(path.join(os.tmpdir(), `dejavu-damaged-${provider.agent}-`));
    afterAll(() => rmSync(damaged, { recursive: true, force: true }));

    it.each(rows.map((r) => [`#${r.n} ${r.file}`, r] as const))('reproduces the counted facts of %s, without a warning', async (_name, r) => {
      const mains = mainsOf(await provider.parse(fileParseContext(r.absPath)));
      expect(mains.length).toBeGreaterThan(0);
      const total = { prompts: 0, assistantTexts: 0, toolCalls: 0 };
      for (const c of mains) {
        expect(c.agent).toBe(provider.agent);
        expect(c.warnings).toEqual([]);
        const excepted = c.messages.filter((m) => m.kind !== undefined && ALL_EXCEPTION_KINDS.has(m.kind)).map((m) => m.kind!);
        for (const kind of excepted) expect(EXCEPTION_KINDS[provider.agent] ?? [], kind).toContain(kind);
        const counted = countAsProvenance(c);
        total.prompts += counted.prompts;
        total.assistantTexts += counted.assistantTexts;
        total.toolCalls += counted.toolCalls;
      }
      expect(total).toEqual({ prompts: r.prompts, assistantTexts: r.assistantTexts, toolCalls: r.toolCalls });
      // The tasks a parent agent wrote for its subagent, where PROVENANCE counts them: not typed prompts.
      const tasks = r.other[SUBAGENT_TASKS];
      if (tasks !== undefined) expect(mains.flatMap((c) => c.messages).filter((m) => m.kind === 'subagent-task').length).toBe(Number(tasks));
    });

    it.each(rows.map((r) => [`#${r.n} ${r.file}`, r] as const))('joins every tool result to a call of its own conversation: %s', async (_name, r) => {
      const conversations = await provider.parse(fileParseContext(r.absPath));
      const results = conversations.flatMap((c) => c.messages.flatMap((m) => m.parts.filter((p) => p.type === 'tool_call_response')));
      if (r.toolCalls > 0 && !CALLS_WITHOUT_RESULTS.has(r.n)) expect(results.length, 'a fixture with tool calls has their results').toBeGreaterThan(0);
      for (const c of conversations) expectToolResultsJoined(c);
    });

    it.each(rows.map((r) => [`#${r.n} ${r.file}`, r] as const))('cut, holed, polluted and empty copies keep what they can and say what they skipped: %s', async (_name, r) => {
      await expectDamagedCopiesSurvive(provider, r, damaged);
    });

    it.each(rows.map((r) => [`#${r.n} ${r.file}`, r] as const))('keeps every message with its record, under an id of its own: %s', async (_name, r) => {
      for (const c of await provider.parse(fileParseContext(r.absPath))) expectMessagesKept(c, r.absPath);
    });

    if (HOME_PLACES[provider.agent]) {
      it('locate finds every fixture laid out in a home where the agent writes it, and it parses as the fixture does', async () => {
        const home = mkdtempSync(path.join(os.tmpdir(), `dejavu-home-${provider.agent}-`));
        try {
          const placed = layOut(home, rows);
          expect(placed.size).toBe(rows.length);
          const found = await provider.locate(home);
          for (const [r, file] of placed) {
            expect(found, `#${r.n} at ${path.relative(home, file)}`).toContain(file);
            const counts = async (f: string) => (await provider.parse(fileParseContext(f))).map((c) => c.messages.length);
            expect(await counts(file), `#${r.n}`).toEqual(await counts(r.absPath));
          }
        } finally {
          rmSync(home, { recursive: true, force: true });
        }
      });
    }

    if (HOME_PLACES[provider.agent]) {
      it('the same session files in the host home and a jackin container home are two conversations each, subagents under their own parent', async () => {
        const work = mkdtempSync(path.join(os.tmpdir(), `dejavu-two-homes-${provider.agent}-`));
        try {
          const picked = twoHomeRows(rows);
          const container = 'jackin-conformance-1';
          const placed = layOut(path.join(work, 'home'), picked);
          layOut(path.join(work, 'home', '.jackin', 'data', container, 'home'), picked);
          const root = path.join(work, 'archive');
          const report = await sync({ root, home: path.join(work, 'home') });
          expect(report.errors).toEqual([]);
          const reader = new ArchiveReader(root);
          const listed = (() => {
            try {
              return reader.list();
            } finally {
              reader.close();
            }
          })();
          const host = listed.filter((c) => c.instance === 'host');
          const inContainer = listed.filter((c) => c.instance === container);
          expect(host.length).toBeGreaterThan(0);
          expect(inContainer.length + host.length).toBe(listed.length);
          expect(inContainer.length).toBe(host.length);
          expect(new Set(listed.map((c) => c.id)).size, 'every conversation under an id of its own').toBe(listed.length);
          // Each home's copy is read from its own file, and the host's keeps the id it always had.
          for (const c of host) expect(c.sourcePath.includes(`${path.sep}.jackin${path.sep}`), c.id).toBe(false);
          for (const c of inContainer) expect(c.sourcePath.startsWith(path.join(work, 'home', '.jackin', 'data', container) + path.sep), c.id).toBe(true);
          const hostIds = (await Promise.all([...placed.values()].map((f) => provider.parse(fileParseContext(f))))).flat().map((c) => c.id);
          expect(host.map((c) => c.id).sort()).toEqual([...new Set(hostIds)].sort());
          const byId = new Map(listed.map((c) => [c.id, c]));
          const subagents = listed.filter((c) => c.parentId !== undefined);
          if (TWO_HOME_ROWS[provider.agent]) expect(subagents.length, 'the picked fixtures have subagents').toBeGreaterThan(0);
          for (const sub of subagents) {
            expect(byId.get(sub.parentId!)?.instance, `parent of ${sub.id}`).toBe(sub.instance);
          }
          expect(subagents.filter((c) => c.instance === container).length).toBe(subagents.filter((c) => c.instance === 'host').length);
        } finally {
          rmSync(work, { recursive: true, force: true });
        }
      });
    }

    it('matches its reviewed outline (first fixture)', async () => {
      expectOutlineGolden(provider.agent, await provider.parse(fileParseContext(rows[0].absPath)));
    });

    if (provider.incremental) {
      it.each(rows.map((r) => [`#${r.n} ${r.file}`, r] as const))('fed in pieces = parsed whole: %s', async (_name, r) => {
        const whole = await provider.parse(fileParseContext(r.absPath));
        const lines = await linesOf(r.absPath);
        const parser = provider.incremental!({ path: r.absPath, instance: 'host' });
        // Every line of a short file; a long one at spread cuts (a snapshot per line would be quadratic).
        const every = lines.length <= 60;
        const cuts = new Set(every ? lines.map((_, i) => i) : [1, 2, 3, Math.floor(lines.length / 7), Math.floor(lines.length / 3), Math.floor(lines.length / 2), lines.length - 1]);
        for (let n = 0; n < lines.length; n += 1) {
          if (n > 0 && cuts.has(n)) {
            const first = parser.snapshot();
            // Twice: a snapshot must not change the state the next one is built from.
            expect(parser.snapshot()).toEqual(first);
            expect(first, `snapshot after ${n} lines`).toEqual(fed(provider, r.absPath, lines.slice(0, n)));
          }
          parser.feed(lines[n]);
        }
        expect(parser.snapshot()).toEqual(whole);
      });
    }
  });
}
