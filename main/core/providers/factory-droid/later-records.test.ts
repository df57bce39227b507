/**
 * What later Droid builds (0.213–0.226, per public captures of real runs) write that the fixtures
 * (March 2026) do not: hook runs as `user_only` rows carrying `hookEventName` and `hookResults`,
 * an assistant row naming its model `modelId`, and `/compress`'s `compaction_state` summary at
 * the start of the session it continues into. Each is written here in those shapes after row 54.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { providerUnderTest, textOf, writeFileIn } from '../../../../test/provider-kit';
import { factoryDroidProvider } from './index';

const { tmp, row, parseMain } = providerUnderTest(factoryDroidProvider);

describe('factory-droid provider: later builds’ records', () => {
  it('keeps what a hook printed, the model of an answer and a compression summary', async () => {
    const lines = readFileSync(row(54).absPath, 'utf8').split('\n').filter(Boolean);
    const at = (n: number) => `2026-03-30T18:51:0${n}.000Z`;
    const extra = [
      { type: 'compaction_state', summaryText: 'The markdown file was created; the next step is the README link.', summaryKind: 'llm_summary', removedCount: 14 },
      { type: 'message', id: 'a-1', timestamp: at(1), message: { role: 'assistant', id: 'msg-1', modelId: 'custom:Mock-0', content: [{ type: 'text', text: 'Created TESTING.md.' }] } },
      { type: 'message', id: 'h-1', timestamp: at(2), message: { role: 'user', content: [], visibility: 'user_only', hookEventName: 'Stop', hookResults: [{ exitCode: 2, stdout: '', stderr: 'lint failed: 3 errors' }] } },
      { type: 'message', id: 'h-2', timestamp: at(3), message: { role: 'user', content: [], visibility: 'user_only', hookEventName: 'PostToolUse', hookResults: [{ exitCode: 0, stdout: '', stderr: '' }] } },
    ].map((r) => JSON.stringify(r));
    const c = await parseMain(writeFileIn(path.join(tmp, 'later', 'session.jsonl'), [...lines, ...extra, ''].join('\n')));
    const summary = c.messages.find((m) => m.kind === 'compaction-summary')!;
    expect(textOf(summary)).toMatch(/^The markdown file was created/);
    const answer = c.messages.find((m) => m.id.startsWith('a-1') || m.role === 'assistant')!;
    expect(answer.model).toBe('custom:Mock-0');
    expect(c.models).toContain('custom:Mock-0');
    const hooks = c.messages.filter((m) => m.kind?.startsWith('hook:'));
    expect(hooks.map((m) => [m.role, m.kind, textOf(m)])).toEqual([
      ['system', 'hook:Stop', 'Stop hook: exit 2\nlint failed: 3 errors'],
      ['system', 'hook:PostToolUse', 'PostToolUse hook: exit 0'],
    ]);
    expect(c.warnings).toEqual([]);
  });
});
