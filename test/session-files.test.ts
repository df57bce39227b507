/**
 * A session spread over several files (a resumed session, rotated or copied transcripts) is one
 * conversation: what each file holds is merged, nothing repeated, nothing lost — here built by
 * cutting a real Claude Code transcript in two, with an overlap like a resumed session's.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../shared/record';
import { dejavu, dejavuJson } from './cli';
import { countFacts } from './counts';
import { provenanceFor } from './provenance';

describe('a session in several files', () => {
  it('archives one conversation with every message once', () => {
    const fixture = provenanceFor('claude-code').find((f) => f.n === 8)!; // 2 MB, 20 prompts, compaction
    const lines = readFileSync(fixture.absPath, 'utf8').split('\n').filter(Boolean);
    const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-split-'));
    const cut = Math.floor(lines.length / 2);
    const first = path.join(work, 'a', 'part-1.jsonl');
    const second = path.join(work, 'b', 'part-2.jsonl');
    mkdirSync(path.dirname(first), { recursive: true });
    mkdirSync(path.dirname(second), { recursive: true });
    writeFileSync(first, `${lines.slice(0, cut).join('\n')}\n`);
    // The second file repeats records of the first, as a resumed session does: whole turns,
    // from a typed prompt on (never from the middle of one API message's records).
    let from = cut - 20;
    while (from > 0 && JSON.parse(lines[from]).type !== 'user') from -= 1;
    writeFileSync(second, `${lines.slice(from).join('\n')}\n`);

    const whole = { DEJAVU_HOME: path.join(work, 'whole') };
    const split = { DEJAVU_HOME: path.join(work, 'split') };
    expect(dejavu(['import', '--agent', 'claude-code', fixture.absPath], whole).code).toBe(0);
    expect(dejavu(['import', '--agent', 'claude-code', first], split).code).toBe(0);
    expect(dejavu(['import', '--agent', 'claude-code', second], split).code).toBe(0);

    const [listedWhole] = dejavuJson<{ id: string }[]>(['list'], whole);
    const listedSplit = dejavuJson<{ id: string; sources: string[] }[]>(['list'], split);
    expect(listedSplit).toHaveLength(1);
    expect(listedSplit[0].id).toBe(listedWhole.id);
    expect(listedSplit[0].sources).toEqual([first, second]);

    const a = dejavuJson<Conversation>(['show', listedWhole.id], whole);
    const b = dejavuJson<Conversation>(['show', listedWhole.id], split);
    expect(countFacts(b)).toEqual({ prompts: fixture.prompts, assistantTexts: fixture.assistantTexts, toolCalls: fixture.toolCalls });
    expect(countFacts(b)).toEqual(countFacts(a));
    expect(new Set(b.messages.map((m) => m.id)).size).toBe(b.messages.length);
    expect(b.messages.map((m) => m.id).sort()).toEqual(a.messages.map((m) => m.id).sort());

    // Reading the second file again replaces its own contribution, and only that.
    expect(dejavu(['import', '--agent', 'claude-code', second], split).code).toBe(0);
    expect(dejavuJson<Conversation>(['show', listedWhole.id], split).messages).toHaveLength(b.messages.length);
  });
});
