/**
 * Stage 1 cuts large tool output to its head, but what people look for in it (a commit hash, a
 * path, an id) stays findable: `dejavu search <hash> --tools` finds a hash that was only deep in
 * a tool result after the conversation went to stage 1, and again after search.db is rebuilt
 * from the blobs.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../shared/record';
import type { EvictionReport } from '../shared/retention';
import type { SearchHit } from '../shared/views';
import { BULK_CHARS, KEPT_HEAD_CHARS } from '../main/core/retention/degrade';
import { dejavu, dejavuJson } from './cli';
import { importFixtures, withArchive } from './retention-helpers';

interface Target {
  readonly id: string;
  readonly messageIndex: number;
  readonly hash: string;
}

/** A commit hash found only past the head stage 1 keeps of one large tool result, and nowhere else in its conversation. */
function findHashInBulk(c: Conversation): Target | undefined {
  const everything = JSON.stringify(c.messages.map((m) => m.parts));
  for (const [messageIndex, m] of c.messages.entries()) {
    for (const p of m.parts) {
      if (p.type !== 'tool_call_response' || p.response.length <= BULK_CHARS) continue;
      for (const hit of p.response.matchAll(/\b[0-9a-f]{40}\b/g)) {
        if (hit.index > KEPT_HEAD_CHARS && everything.split(hit[0]).length === 2) return { id: c.id, messageIndex, hash: hit[0] };
      }
    }
  }
  return undefined;
}

describe('identifiers of dropped tool output', { timeout: 120_000 }, () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-ids-'));
  const archive = path.join(work, 'archive');
  const home = path.join(work, 'home');
  const env = { DEJAVU_HOME: archive, HOME: home };
  let target: Target;

  const hitsFor = (t: Target) => dejavuJson<SearchHit[]>(['search', t.hash, '--tools', '--limit', '500'], env).filter((h) => h.conversation.id === t.id).map((h) => [h.messageIndex, h.scope]);

  beforeAll(() => {
    mkdirSync(home);
    importFixtures(archive);
    const found = withArchive(archive, (r) => r.list().map((s) => findHashInBulk(r.get(s.id))).find((t) => t !== undefined));
    expect(found, 'the fixtures hold a commit hash deep in a large tool result').toBeDefined();
    target = found!;
  });

  it('are still found by search after stage 1, and after search.db is rebuilt from the blobs', () => {
    expect(hitsFor(target)).toEqual([[target.messageIndex, 'tool_output']]);

    const r = dejavuJson<EvictionReport>(['evict', '--apply', '--soft-cap', '1', '--hard-cap', '1TiB', '--max-age', 'off'], env);
    expect(r.steps).toContainEqual(expect.objectContaining({ conversationId: target.id, action: 'stage-1' }));
    expect(hitsFor(target)).toEqual([[target.messageIndex, 'tool_output']]);
    // The output itself was cut: the hash is kept only among the identifiers of what was dropped.
    const part = dejavuJson<Conversation>(['show', target.id], env).messages[target.messageIndex].parts.find((p) => p.type === 'tool_call_response');
    const response = part?.type === 'tool_call_response' ? part.response : '';
    expect(response.slice(0, response.indexOf(' more characters dropped by retention'))).not.toContain(target.hash);
    expect(response).toMatch(new RegExp(`more characters dropped by retention; identifiers in them, kept for search: .*${target.hash}`));

    for (const f of ['search.db', 'search.db-wal', 'search.db-shm']) rmSync(path.join(archive, f), { force: true });
    expect(dejavu(['sync', '--no-evict'], env).code).toBe(0); // catches search up from the blobs
    expect(hitsFor(target)).toEqual([[target.messageIndex, 'tool_output']]);
  });
});
