/**
 * Live capture names a jackin container's conversations as a sync does: the same ids, with the
 * instance in them, subagents linked to their parent under those ids.
 */
import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLAUDE_FIXTURE } from '../../../test/live-home';
import { claudeCodeProvider } from '../providers/claude-code/index';
import { parseSource, type SourceFile } from './ingest';
import { LiveFiles } from './live-files';

describe('live files in a jackin container home', () => {
  it('get the ids a sync gives them, not the host’s', async () => {
    const inContainer: SourceFile = { path: CLAUDE_FIXTURE, provider: claudeCodeProvider, instance: 'jackin-live-1' };
    const info = statSync(CLAUDE_FIXTURE);
    const live = (await new LiveFiles().read(inContainer)).conversations;
    const synced = (await parseSource(inContainer, info.size, info.mtimeMs)).conversations;
    const onHost = (await parseSource({ ...inContainer, instance: 'host' }, info.size, info.mtimeMs)).conversations;

    expect(live.some((c) => c.parentId !== undefined), 'the fixture has subagents').toBe(true);
    expect(live.map((c) => [c.id, c.parentId])).toEqual(synced.map((c) => [c.id, c.parentId]));
    const hostIds = new Set(onHost.map((c) => c.id));
    for (const c of live) {
      expect(hostIds.has(c.id), c.id).toBe(false);
      if (c.parentId !== undefined) expect(live.map((p) => p.id)).toContain(c.parentId);
    }
  });
});
