/**
 * A token count the agent reported as negative or fractional is stored by one rule, so the
 * record, its blob and the index agree: the non-negative integer part is kept, and a negative
 * count is dropped with a warning that names it. Tested through a real Codex rollout whose last
 * `token_count` line was altered.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation, Usage } from '../shared/record';
import { dejavu, dejavuJson } from './cli';
import { FIXTURES_DIR } from './fixtures';

const FIXTURE = path.join(FIXTURES_DIR, 'codex/Mai0313__VibeCodingTracker/blob_dcbbb0da2e/examples/test_conversation_oai.jsonl');
const LAST_COUNT = '"total_token_usage":{"input_tokens":270530,"cached_input_tokens":136832,"output_tokens":12551,';
const LAST_TURN = '"last_token_usage":{"input_tokens":22279,"cached_input_tokens":13184,"output_tokens":1879,';

describe('token counts the agent got wrong', () => {
  it('are stored the same way in the record, the blob and the index', () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-tokens-'));
    const text = readFileSync(FIXTURE, 'utf8');
    expect(text).toContain(LAST_COUNT);
    expect(text).toContain(LAST_TURN);
    const file = path.join(work, 'rollout.jsonl');
    const altered = text
      .replace(LAST_COUNT, '"total_token_usage":{"input_tokens":270530.75,"cached_input_tokens":136832,"output_tokens":-5,')
      .replace(LAST_TURN, '"last_token_usage":{"input_tokens":22279,"cached_input_tokens":13184,"output_tokens":-3,');
    writeFileSync(file, altered);
    const env = { DEJAVU_HOME: path.join(work, 'archive') };
    const imported = dejavu(['import', file], env);
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);

    const [listed] = dejavuJson<{ id: string; usage?: Usage }[]>(['list'], env);
    const shown = dejavuJson<Conversation>(['show', listed.id], env);
    // Input is reported with the cached part in it: 270530.75 - 136832, integer part kept.
    expect(shown.usage).toEqual({ inputTokens: 133698, cacheReadTokens: 136832, reasoningTokens: 9536 });
    expect(listed.usage).toEqual(shown.usage);
    const warnings = shown.warnings.map((w) => w.message);
    expect(warnings).toContain('output token count -5 is not a count of tokens: left out');
    // The last turn's own count: kept on its message without the bad field, and named in a warning.
    const turn = shown.messages.find((m) => m.usage?.inputTokens === 22279 - 13184)!;
    expect(turn.usage).toEqual({ inputTokens: 9095, cacheReadTokens: 13184, reasoningTokens: 1344 });
    expect(warnings).toContain(`message ${turn.id}: output token count -3 is not a count of tokens: left out`);
  });
});
