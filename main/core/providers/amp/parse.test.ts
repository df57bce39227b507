/**
 * No real Amp file exists in the fixtures (PROVENANCE: "No real files found for … Amp
 * (stream-json or thread JSON)"), so the records below are minimal ones built from the
 * published schemas — not transcripts:
 *
 * - STREAM (`amp --execute --stream-json`): the example lines in Amp's announcement
 *   https://ampcode.com/news/streaming-json and the message models of Sourcegraph's official
 *   Python SDK `amp-sdk` 0.1.2 (`amp_sdk/types.py`: SystemMessage {subtype init, cwd, tools,
 *   mcp_servers[{name,status}]}, AssistantMessage {message {id?, model?, content[text|tool_use],
 *   stop_reason, usage}}, UserMessage {content[text|tool_result {tool_use_id, content,
 *   is_error}]}, ResultMessage / ErrorResultMessage {subtype, is_error, result | error,
 *   duration_ms, num_turns, usage?, permission_denials?}); all carry session_id and (user /
 *   assistant) parent_tool_use_id. `thinking` blocks come with `--stream-json-thinking`
 *   (Amp manual, "Stream JSON output").
 * - THREAD (`~/.local/share/amp/threads/T-*.json`): no Amp source describes it; the layout is the
 *   one public readers of real files rely on — jonathan-kellerai/cross_agent_session_resumer
 *   `src/providers/amp.rs` @ec0eab96 (tool_result `toolUseID` + `run {status, progress |
 *   result}`, `info` messages with `summary` blocks, `meta.sentAt`, `env.initial.trees[].uri`),
 *   the lore-cli crate `capture/watchers/amp.rs` (`v`, `id`, `created`, `title`, `messageId`,
 *   `thinking` blocks, `usage.model`, `repository.ref`), noamsto/houston
 *   `docs/AMP_AGENT_SUPPORT.md` (`agentMode`, `env.initial.platform.clientVersion`, `state`)
 *   and a port of Pulse's `AmpSessionReader` (`usage.cacheReadInputTokens` /
 *   `cacheCreationInputTokens`, `usageLedger`).
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Conversation, Message, Part } from '../../../../shared/record';
import { provenanceFor } from '../../../../test/provenance';
import { fileParseContext } from '../../capture/parse-context';
import { conversationId, subConversationId } from '../kit/identity';
import { ampProvider } from './index';
import { providerUnderTest } from '../../../../test/provider-kit';
import { captureStartedAt } from './stream';
import { archiveCaptureSources } from '../../capture/sync';
import { expectOutlineGolden } from '../../../../test/outline-golden';

const { tmp } = providerUnderTest(ampProvider);

const T = 'T-2775dc92-90ed-4f85-8b73-8f9766029e83';
const CWD = '/Users/dev/work/shop';

function write(rel: string, text: string): string {
  const file = path.join(tmp, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

const jsonl = (records: unknown[]) => `${records.map((r) => JSON.stringify(r)).join('\n')}\n`;
const parse = (file: string) => ampProvider.parse(fileParseContext(file));
const parts = (ms: Message[]) => ms.flatMap((m) => m.parts);
const typed = (c: Conversation) => c.messages.filter((m) => m.role === 'user').length;
const texts = (c: Conversation) => parts(c.messages.filter((m) => m.role === 'assistant')).filter((p) => p.type === 'text' && p.content.trim() !== '').length;
const calls = (c: Conversation) => parts(c.messages).filter((p) => p.type === 'tool_call').length;
const textOf = (m: Message) => m.parts.map((p) => (p.type === 'text' ? p.content : '')).join('');

function joinsEveryResponse(c: Conversation): void {
  const ids = new Set(parts(c.messages).flatMap((p) => (p.type === 'tool_call' ? [p.id] : [])));
  const responses = parts(c.messages).filter((p): p is Extract<Part, { type: 'tool_call_response' }> => p.type === 'tool_call_response');
  expect(responses.length).toBeGreaterThan(0);
  for (const r of responses) expect(ids.has(r.id), r.id).toBe(true);
}

/** A run as `amp -x … --stream-json` prints it: one prompt, a tool round trip, a Task subagent, an answer. */
function streamRun(session = T): unknown[] {
  const base = { session_id: session };
  const usage = { input_tokens: 120, cache_creation_input_tokens: 30, cache_read_input_tokens: 900, output_tokens: 40, max_tokens: 224000, service_tier: 'standard' };
  return [
    { type: 'system', subtype: 'init', cwd: CWD, session_id: session, tools: ['Bash', 'Read', 'Task', 'oracle'], mcp_servers: [{ name: 'pw', status: 'connected' }] },
    { type: 'user', message: { role: 'user', content: [{ type: 'text', text: 'Why does the checkout test fail?' }] }, parent_tool_use_id: null, ...base },
    { type: 'assistant', message: { type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'thinking', thinking: 'Run the tests first.' }, { type: 'text', text: 'Let me run the tests.' }, { type: 'tool_use', id: 'toolu_01', name: 'Bash', input: { cmd: 'npm test' } }], stop_reason: 'tool_use', usage }, parent_tool_use_id: null, ...base },
    { type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01', content: 'FAIL checkout.test.ts', is_error: true }] }, parent_tool_use_id: null, ...base },
    { type: 'assistant', message: { type: 'message', role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_02', name: 'Task', input: { prompt: 'Find where totals are rounded' } }], stop_reason: 'tool_use', usage }, parent_tool_use_id: null, ...base },
    { type: 'user', message: { role: 'user', content: [{ type: 'text', text: 'Find where totals are rounded' }] }, parent_tool_use_id: 'toolu_02', ...base },
    { type: 'assistant', message: { type: 'message', role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_03', name: 'Grep', input: { pattern: 'round' } }], stop_reason: 'tool_use' }, parent_tool_use_id: 'toolu_02', ...base },
    { type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_03', content: 'src/cart.ts:12' }] }, parent_tool_use_id: 'toolu_02', ...base },
    { type: 'assistant', message: { type: 'message', role: 'assistant', content: [{ type: 'text', text: 'Totals are rounded in src/cart.ts:12.' }], stop_reason: 'end_turn' }, parent_tool_use_id: 'toolu_02', ...base },
    { type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_02', content: 'Totals are rounded in src/cart.ts:12.' }] }, parent_tool_use_id: null, ...base },
    { type: 'assistant', message: { type: 'message', role: 'assistant', content: [{ type: 'text', text: 'The total is rounded before tax; fix src/cart.ts:12.' }], stop_reason: 'end_turn', usage }, parent_tool_use_id: null, ...base },
    { type: 'result', subtype: 'success', duration_ms: 2906, is_error: false, num_turns: 3, result: 'The total is rounded before tax; fix src/cart.ts:12.', usage: { input_tokens: 500, output_tokens: 120, cache_read_input_tokens: 2700, cache_creation_input_tokens: 90 }, ...base },
  ];
}

/** A thread file as Amp keeps it locally (pretty-printed). */
function threadDoc(): Record<string, unknown> {
  return {
    v: 42,
    id: T,
    created: 1767865803494,
    title: 'Checkout test failure',
    agentMode: 'smart',
    env: {
      initial: {
        trees: [{ displayName: 'shop', uri: `file://${CWD}`, repository: { type: 'git', url: 'https://example.com/shop', ref: 'refs/heads/fix-total', sha: 'abc' } }],
        platform: { os: 'linux', client: 'CLI', clientVersion: '0.0.1767865000-g1a2b3c' },
      },
    },
    messages: [
      { role: 'user', messageId: 0, content: [{ type: 'text', text: 'Why does the checkout test fail?' }], meta: { sentAt: 1767865804000 } },
      { role: 'assistant', messageId: 1, content: [{ type: 'thinking', thinking: 'Run the tests first.', signature: 'sig' }, { type: 'text', text: 'Let me run the tests.' }, { type: 'tool_use', id: 'toolu_01', name: 'Bash', input: { cmd: 'npm test' } }], state: { type: 'complete', stopReason: 'tool_use' }, usage: { model: 'claude-sonnet-4-5', inputTokens: 120, outputTokens: 40, cacheReadInputTokens: 900, cacheCreationInputTokens: 30 } },
      { role: 'user', messageId: 2, content: [{ type: 'tool_result', toolUseID: 'toolu_01', run: { status: 'error', result: { output: 'FAIL checkout.test.ts', exitCode: 1 } } }], meta: { sentAt: 1767865810000 } },
      { role: 'assistant', messageId: 3, content: [{ type: 'tool_use', id: 'toolu_02', name: 'Read', input: { path: 'src/cart.ts' } }], usage: { model: 'claude-sonnet-4-5', inputTokens: 10, outputTokens: 5 } },
      { role: 'user', messageId: 4, content: [{ type: 'tool_result', toolUseID: 'toolu_02', run: { status: 'done', result: 'export const total = …' } }] },
      { role: 'info', messageId: 5, content: [{ type: 'summary', summary: { type: 'message', summary: 'The test fails because the total is rounded before tax.' } }] },
      { role: 'assistant', messageId: 6, content: [{ type: 'text', text: 'The total is rounded before tax; fix src/cart.ts:12.' }], usage: { model: 'gpt-5', inputTokens: 7, outputTokens: 9 } },
      { role: 'user', messageId: 7, content: [{ type: 'text', text: 'Fix it please' }], meta: { sentAt: 1767865900000 } },
      { role: 'assistant', messageId: 8, content: [{ type: 'text', text: 'Done.' }], state: { type: 'cancelled' } },
    ],
    usageLedger: { events: [{ timestamp: '2026-01-08T10:00:00Z', model: 'claude-sonnet-4-5', tokens: { input: 120, output: 40 }, fromMessageId: 0, toMessageId: 1 }] },
  };
}

describe('amp provider: PROVENANCE counted facts', () => {
  // Today the amp section has no rows (no real file exists). A real file added to the fixtures
  // later is checked here without code changes.
  for (const row of provenanceFor('amp')) {
    it(`#${row.n} ${row.file}`, async () => {
      const [main] = await parse(row.absPath);
      expect({ typed: typed(main), texts: texts(main), calls: calls(main) }).toEqual({ typed: row.prompts, texts: row.assistantTexts, calls: row.toolCalls });
    });
  }
  it('has no real Amp fixture yet (the tests below use schema-built records)', () => {
    expect(provenanceFor('amp')).toEqual([]);
  });
});

describe('amp provider: stream JSON', () => {
  it('reads prompts, answers, thinking, tool calls and results; a Task subagent becomes its own conversation', async () => {
    const file = write('saved/run.jsonl', jsonl(streamRun()));
    const [main, sub, ...rest] = await parse(file);
    expectOutlineGolden('amp', [main, sub]); // test/golden/outline/amp.txt, reviewed
    expect(rest).toEqual([]);
    expect(main.id).toBe(conversationId('amp', T));
    expect(main.nativeId).toBe(T);
    expect({ typed: typed(main), texts: texts(main), calls: calls(main) }).toEqual({ typed: 1, texts: 2, calls: 2 });
    expect(main.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['Why does the checkout test fail?']);
    expect(parts(main.messages).find((p) => p.type === 'reasoning')).toEqual({ type: 'reasoning', content: 'Run the tests first.' });
    expect(parts(main.messages).find((p) => p.type === 'tool_call')).toEqual({ type: 'tool_call', id: 'toolu_01', name: 'Bash', arguments: '{"cmd":"npm test"}' });
    expect(parts(main.messages).find((p) => p.type === 'tool_call_response')).toEqual({ type: 'tool_call_response', id: 'toolu_01', response: 'FAIL checkout.test.ts', isError: true });
    joinsEveryResponse(main);
    expect(main.cwd).toBe(CWD);
    expect(main.workspace).toBe('shop');
    expect(main.title).toBe('Why does the checkout test fail?');
    expect(main.models).toEqual(['claude-sonnet-4-5']);
    // The run's own totals (they include the subagent).
    expect(main.usage).toEqual({ inputTokens: 500, outputTokens: 120, cacheReadTokens: 2700, cacheWriteTokens: 90 });
    expect(main.messages[1].usage).toEqual({ inputTokens: 120, outputTokens: 40, cacheReadTokens: 900, cacheWriteTokens: 30 });
    expect(main.warnings).toEqual([]);
    expect(main.messages.every((m) => m.source === 0 && typeof m.native === 'string')).toBe(true);
    // Not a capture file: the stream has no times.
    expect(main.startedAt).toBeUndefined();

    expect(sub.id).toBe(subConversationId('amp', T, 'toolu_02'));
    expect(sub.parentId).toBe(main.id);
    expect(sub.relation).toBe('subagent');
    expect(sub.parentToolCallId).toBe('toolu_02');
    expect(sub.messages[0]).toMatchObject({ role: 'system', kind: 'subagent-task' });
    expect(typed(sub)).toBe(0);
    expect({ texts: texts(sub), calls: calls(sub) }).toEqual({ texts: 1, calls: 1 });
    joinsEveryResponse(sub);

    expect(ampProvider.resumeCommand(main)).toEqual({ command: `amp threads continue ${T}`, cwd: CWD });
    expect(ampProvider.resumeCommand(sub)).toBeUndefined();
  });

  it('keeps the rest of a stream around a broken line, and names unknown records once', async () => {
    const lines = jsonl(streamRun()).split('\n');
    lines.splice(3, 0, '{"type":"assistant","message":{"content":[{"type":"te', JSON.stringify({ type: 'stream_event', event: { delta: 'x' }, session_id: T }), JSON.stringify({ type: 'stream_event', session_id: T }));
    const [main] = await parse(write('saved/broken.jsonl', lines.join('\n')));
    expect({ typed: typed(main), texts: texts(main), calls: calls(main) }).toEqual({ typed: 1, texts: 2, calls: 2 });
    expect(main.warnings.filter((w) => w.line === 4)).toHaveLength(1);
    expect(main.warnings.filter((w) => w.message.includes('stream_event'))).toHaveLength(1);
    expect(main.messages.filter((m) => m.kind === 'unknown')).toHaveLength(2);
  });

  it('shows a failed run as an error the person saw', async () => {
    const run = streamRun().slice(0, 2);
    run.push({ type: 'result', subtype: 'error_during_execution', is_error: true, error: 'Out of credits', duration_ms: 10, num_turns: 1, session_id: T });
    const [main] = await parse(write('saved/error.jsonl', jsonl(run)));
    expect(main.messages.at(-1)).toMatchObject({ role: 'system', kind: 'error', parts: [{ type: 'text', content: 'Out of credits' }] });
  });

  it('gives capture files their start time and ids that do not clash across runs of one thread', async () => {
    const name = '2026-06-12T10-15-00-123Z-4242.jsonl';
    expect(captureStartedAt(name)).toBe('2026-06-12T10:15:00.123Z');
    const a = write(`captures/${name}`, jsonl(streamRun()));
    const b = write('captures/2026-06-12T11-00-00-000Z-4243.jsonl', jsonl(streamRun()));
    const [ca] = await parse(a);
    const [cb] = await parse(b);
    expect(ca.id).toBe(cb.id);
    expect(ca.startedAt).toBe('2026-06-12T10:15:00.123Z');
    expect(ca.endedAt).toBe('2026-06-12T10:15:03.029Z'); // + duration_ms
    expect(ca.messages.every((m) => m.timestamp === ca.startedAt)).toBe(true);
    const idsA = new Set(ca.messages.map((m) => m.id));
    expect(cb.messages.some((m) => idsA.has(m.id))).toBe(false);
  });
});

describe('amp provider: thread files', () => {
  it('reads a pretty-printed thread: prompts, answers, thinking, tool runs, summaries, usage', async () => {
    const file = write(`home/.local/share/amp/threads/${T}.json`, JSON.stringify(threadDoc(), null, 2));
    const conversations = await parse(file);
    expect(conversations).toHaveLength(1);
    const [c] = conversations;
    expect(c.id).toBe(conversationId('amp', T));
    expect({ typed: typed(c), texts: texts(c), calls: calls(c) }).toEqual({ typed: 2, texts: 3, calls: 2 });
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['Why does the checkout test fail?', 'Fix it please']);
    const responses = parts(c.messages).filter((p) => p.type === 'tool_call_response');
    expect(responses).toEqual([
      { type: 'tool_call_response', id: 'toolu_01', response: '{"output":"FAIL checkout.test.ts","exitCode":1}', isError: true },
      { type: 'tool_call_response', id: 'toolu_02', response: 'export const total = …' },
    ]);
    joinsEveryResponse(c);
    expect(c.messages.find((m) => m.kind === 'compaction-summary')).toMatchObject({ role: 'system', parts: [{ type: 'text', content: 'The test fails because the total is rounded before tax.' }] });
    expect(parts(c.messages).find((p) => p.type === 'reasoning')).toEqual({ type: 'reasoning', content: 'Run the tests first.' });
    expect(c.messages.at(-1)?.kind).toBe('interrupted');
    expect(c).toMatchObject({ cwd: CWD, workspace: 'shop', gitBranch: 'fix-total', title: 'Checkout test failure', agentVersion: '0.0.1767865000-g1a2b3c' });
    expect(c.startedAt).toBe(new Date(1767865803494).toISOString());
    expect(c.endedAt).toBe(new Date(1767865900000).toISOString());
    expect(c.models.sort()).toEqual(['claude-sonnet-4-5', 'gpt-5']);
    expect(c.usage).toEqual({ inputTokens: 137, outputTokens: 54, cacheReadTokens: 900, cacheWriteTokens: 30 });
    expect(c.warnings).toEqual([]);
    expect(ampProvider.resumeCommand(c)).toEqual({ command: `amp threads continue ${T}`, cwd: CWD });
  });

  it('reads a one-line thread the same way', async () => {
    const [c] = await parse(write('oneline/thread.json', JSON.stringify(threadDoc())));
    expect({ typed: typed(c), texts: texts(c), calls: calls(c) }).toEqual({ typed: 2, texts: 3, calls: 2 });
  });

  it('skips a broken message with a warning, keeps unknown blocks, and stores nothing for a half-written file', async () => {
    const doc = threadDoc();
    (doc.messages as unknown[]).splice(1, 0, 'garbage', { role: 'assistant', messageId: 99, content: [{ type: 'canvas', data: 1 }] });
    const [c] = await parse(write('broken/thread.json', JSON.stringify(doc, null, 2)));
    expect({ typed: typed(c), texts: texts(c), calls: calls(c) }).toEqual({ typed: 2, texts: 3, calls: 2 });
    expect(c.warnings.map((w) => w.message)).toEqual(['messages[1] is not an object; skipped', 'Unknown Amp thread content kept as generic parts: block:canvas']);
    expect(parts(c.messages).some((p) => p.type === 'generic' && p.kind === 'canvas')).toBe(true);
    const whole = JSON.stringify(threadDoc(), null, 2);
    expect(await parse(write('broken/half.json', whole.slice(0, whole.length / 2)))).toEqual([]);
  });
});

describe('amp detect', () => {
  it('claims Amp streams and threads', () => {
    const stream = jsonl(streamRun());
    expect(ampProvider.detect({ path: 'x.jsonl', head: stream })).toBe(true);
    expect(ampProvider.detect({ path: 'x.json', head: JSON.stringify(threadDoc(), null, 2) })).toBe(true);
    expect(ampProvider.detect({ path: 'x.json', head: JSON.stringify(threadDoc()) })).toBe(true);
    // First line longer than the 64 KiB sample.
    const long = JSON.stringify({ type: 'user', message: { role: 'user', content: [{ type: 'text', text: 'x'.repeat(70_000) }] }, parent_tool_use_id: null, session_id: T });
    expect(ampProvider.detect({ path: 'x.jsonl', head: long.slice(0, 64 * 1024) })).toBe(false); // session_id comes after the cut
    expect(ampProvider.detect({ path: 'x.jsonl', head: JSON.stringify(streamRun()[0]).slice(0, 60) + '"session_id":"' + T + '"' })).toBe(true);
  });

  it('claims `amp threads markdown` output by its front matter, and no other Markdown', () => {
    const front = (id: string) => `---\ntitle: "Fix: the \\"total\\""\nthreadId: ${id}\ncreated: 2025-12-22T11:11:06.340Z\nagentMode: smart\n---\n\n# Fix\n\n## User\n\nhi\n`;
    expect(ampProvider.detect({ path: 'x.md', head: front(T) })).toBe(true);
    expect(ampProvider.detect({ path: 'x.md', head: front('not-a-thread') })).toBe(false);
    expect(ampProvider.detect({ path: 'x.md', head: '---\ntitle: a blog post\n---\n\n## User\n' })).toBe(false);
  });

  it('does not claim Claude Code style stream JSON (uuid session ids)', () => {
    const claude = jsonl(streamRun('5c0375b4-57a5-4f26-b12d-d022ee4e51b7'));
    expect(ampProvider.detect({ path: 'x.jsonl', head: claude })).toBe(false);
  });
});

describe('amp locate', () => {
  it('returns thread files and the archive captures, never credentials or other files', async () => {
    const home = path.join(tmp, 'locate-home');
    const threads = path.join(home, '.local', 'share', 'amp', 'threads');
    const put = (p: string, text = '{}') => {
      mkdirSync(path.dirname(p), { recursive: true });
      writeFileSync(p, text);
    };
    put(path.join(threads, `${T}.json`), JSON.stringify(threadDoc()));
    put(path.join(threads, 'notes.json'));
    put(path.join(home, '.local', 'share', 'amp', 'secrets.json'));
    put(path.join(home, '.local', 'share', 'amp', 'history.jsonl'));
    put(path.join(home, '.config', 'amp', 'settings.json'));
    put(path.join(home, '.config', 'amp', 'auth.json'));
    const legacy = path.join(home, '.config', 'Code', 'User', 'globalStorage', 'sourcegraph.amp', 'threads3', 'T-0199aaaa-0000-7000-8000-000000000001.json');
    put(legacy);
    const archive = path.join(tmp, 'locate-archive');
    const capture = path.join(archive, 'captures', 'amp', '2026-06-12T10-15-00-123Z-4242.jsonl');
    put(capture, jsonl(streamRun()));
    put(path.join(archive, 'captures', 'amp', 'token.jsonl'));

    // locate reads homes only; the archive's own captures are the sync's to add.
    expect(await ampProvider.locate(home)).toEqual([legacy, path.join(threads, `${T}.json`)].sort());
    expect(archiveCaptureSources(archive).map((s) => [s.path, s.provider.agent])).toEqual([[capture, 'amp']]);
    expect(await ampProvider.locate(path.join(tmp, 'no-home'))).toEqual([]);
  });
});

