/**
 * A Cline task folder that kept only `api_conversation_history.json` (no real one in the
 * fixtures: the task is test/cline-api-history-sample.ts, written from cline/cline's source).
 */
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { readHead } from '../../capture/read-lines';
import { conversationId } from '../kit/identity';
import { counts, expectMessagesKept, expectToolResultsJoined, parts, providerUnderTest, textOf, writeFileIn } from '../../../../test/provider-kit';
import { clineProvider } from './index';
import { API_HISTORY } from '../../../../test/cline-api-history-sample';

const kit = providerUnderTest(clineProvider);

describe('cline provider: a task with only api_conversation_history.json', () => {
  it('reads prompts, answers, reasoning and tool calls with their results', async () => {
    const file = writeFileIn(path.join(kit.tmp, 'tasks', '1760000000000', 'api_conversation_history.json'), JSON.stringify(API_HISTORY, null, 2));
    const c = await kit.parseMain(file, 1);
    expect(c.warnings).toEqual([]);
    expect(counts(c)).toEqual({ typed: 2, texts: 2, calls: 2 });
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['add a README for the parser', 'mention the lexer too']);
    expect(c.messages.filter((m) => m.role === 'system').map((m) => m.kind)).toEqual(['environment-details', 'environment-details']);
    expect(parts(c, 'assistant').find((p) => p.type === 'reasoning')).toEqual({ type: 'reasoning', content: 'Look at the sources first.' });
    expect(parts(c, 'assistant').find((p) => p.type === 'tool_call')).toEqual({ type: 'tool_call', id: 'toolu_01', name: 'list_files', arguments: '{"path":"src"}' });
    expect(parts(c, 'tool')[0]).toEqual({ type: 'tool_call_response', id: 'toolu_01', response: 'parse.ts\nlex.ts' });
    expectToolResultsJoined(c);
    expectMessagesKept(c, file);
    expect(c.nativeId).toBe('1760000000000');
    expect(c.id).toBe(conversationId('cline', '1760000000000'));
    expect(c.cwd).toBe('/home/ana/parser');
    expect(c.title).toBe('add a README for the parser');
    expect(c.models).toEqual(['claude-sonnet-4-5']);
    expect([c.startedAt, c.endedAt]).toEqual([new Date(1760000000000).toISOString(), new Date(1760000005000).toISOString()]);
    expect(clineProvider.detect({ path: file, head: await readHead(file, 64 * 1024) })).toBe(true);
  });

  it('reads the ui_messages.json beside it when there is one: what the person saw', async () => {
    const dir = path.join(kit.tmp, 'tasks', '1760000000009');
    const api = writeFileIn(path.join(dir, 'api_conversation_history.json'), JSON.stringify(API_HISTORY));
    const ui = [{ ts: 1760000000000, type: 'say', say: 'text', text: 'add a README for the parser' }];
    writeFileSync(path.join(dir, 'ui_messages.json'), JSON.stringify(ui));
    const c = await kit.parseMain(api, 1);
    expect(c.sourcePath).toBe(path.join(dir, 'ui_messages.json'));
    expect(c.messages.map((m) => [m.role, textOf(m)])).toEqual([['user', 'add a README for the parser']]);
  });
});
