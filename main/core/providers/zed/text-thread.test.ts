/**
 * No real Zed text thread exists in the fixtures. The files below are shaped as Zed saves them
 * (zed-industries/zed 70d00458, crates/assistant_context/src/assistant_context.rs:
 * `AssistantContext::save` / `serialize`, `SavedContext` 0.4.0 and the 0.1.0–0.3.0 shapes it
 * upgrades; `MessageMetadata`, `MessageStatus`, `clock::Lamport {value, replica_id}`;
 * language_model `Role` lowercase; paths.rs `contexts_dir`): one `<summary> - <n>.zed.json`.
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Conversation } from '../../../../shared/record';
import { fileParseContext } from '../../capture/parse-context';
import { dejavu, dejavuJson } from '../../../../test/cli';
import { parts, providerUnderTest, textOf, writeFileIn } from '../../../../test/provider-kit';
import { zedProvider } from './index';

const { tmp } = providerUnderTest(zedProvider);

const ID = '0c9e7a52-1b3d-4f6e-8a2c-5d7f9b1e3a40';
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/** A thread as one text, each message at the byte offset where its text starts. */
function savedContext() {
  const prompt = 'Why is the café total wrong?\n';
  const slash = '/file cart.ts\n```ts cart.ts\nexport const total = 1;\n```\n';
  const thinking = '<think>\nThe total is hard-coded.\n</think>\n';
  const answer = 'The total is hard-coded to 1 — sum the lines instead.\n';
  const failed = 'And the tax?\n';
  const text = prompt + slash + thinking + answer + failed;
  const at = (...before: string[]) => bytes(before.join(''));
  const lamport = (value: number) => ({ value, replica_id: 0 });
  const message = (value: number, start: number, role: string, status: unknown = 'Done') => ({ id: lamport(value), start, metadata: { role, status, timestamp: lamport(value) } });
  return {
    id: ID,
    zed: 'context',
    version: '0.4.0',
    text,
    messages: [
      message(0, 0, 'user'),
      message(3, at(prompt, slash), 'assistant'),
      message(9, at(prompt, slash, thinking, answer), 'user'),
      message(10, bytes(text), 'assistant', { Error: 'Rate limit exceeded' }),
    ],
    summary: 'Café total',
    slash_command_output_sections: [{ range: { start: at(prompt), end: at(prompt, slash) }, icon: 'File', label: 'cart.ts', metadata: { path: 'cart.ts' } }],
    thought_process_output_sections: [{ range: { start: at(prompt, slash), end: at(prompt, slash, thinking) } }],
  };
}

async function parseOne(file: string): Promise<Conversation> {
  const cs = await zedProvider.parse(fileParseContext(file));
  expect(cs).toHaveLength(1);
  return cs[0];
}

describe('zed provider: older text threads (conversations/*.zed.json)', () => {
  it('reads each message of a 0.4.0 thread from its byte range, with attached context and thinking apart', async () => {
    const file = writeFileIn(path.join(tmp, 'v4', 'Café total - 1.zed.json'), JSON.stringify(savedContext()));
    const c = await parseOne(file);
    expect(c.messages.map((m) => [m.id, m.role, m.kind ?? '', textOf(m)])).toEqual([
      ['T0', 'user', '', 'Why is the café total wrong?'],
      ['T3', 'assistant', '', 'The total is hard-coded to 1 — sum the lines instead.'],
      ['T9', 'user', '', 'And the tax?'],
      ['T10#error', 'system', 'api-error', 'Rate limit exceeded'],
    ]);
    expect(parts(c, 'user')[1]).toEqual({ type: 'generic', kind: 'slash-command cart.ts', content: '/file cart.ts\n```ts cart.ts\nexport const total = 1;\n```' });
    expect(parts(c, 'assistant')[0]).toEqual({ type: 'reasoning', content: '<think>\nThe total is hard-coded.\n</think>' });
    expect(c).toMatchObject({ id: `zed_${ID}`, nativeId: ID, title: 'Café total' });
    expect(c.endedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(c.warnings).toEqual([]);
  });

  it('keeps what a failed reply streamed before its error, and reads a 0.2.0 thread with message_metadata', async () => {
    const thread = savedContext();
    const failed = await parseOne(writeFileIn(path.join(tmp, 'err', 'x - 1.zed.json'), JSON.stringify({ ...thread, text: `${thread.text}Partial` })));
    expect(failed.messages.slice(-2).map((m) => [m.role, textOf(m)])).toEqual([
      ['assistant', 'Partial'],
      ['system', 'Rate limit exceeded'],
    ]);

    const text = 'hello\nHi! How can I help?\n';
    const old = { id: null, zed: 'context', version: '0.2.0', text, messages: [{ id: 0, start: 0 }, { id: 1, start: 6 }], message_metadata: { 0: { role: 'user', status: 'Done' }, 1: { role: 'assistant', status: 'Done' } }, summary: '' };
    const c = await parseOne(writeFileIn(path.join(tmp, 'v2', 'hello - 1.zed.json'), JSON.stringify(old)));
    expect(c.messages.map((m) => [m.role, textOf(m)])).toEqual([
      ['user', 'hello'],
      ['assistant', 'Hi! How can I help?'],
    ]);
    expect(c).toMatchObject({ nativeId: 'hello - 1', title: 'hello' });
  });

  it('is found in ~/.config/zed/conversations and archived by a plain dejavu sync', async () => {
    const home = path.join(tmp, 'sync-home');
    const file = writeFileIn(path.join(home, '.config', 'zed', 'conversations', 'Café total - 1.zed.json'), JSON.stringify(savedContext()));
    writeFileIn(path.join(home, '.config', 'zed', 'settings.json'), '{}');
    expect(await zedProvider.locate(home)).toEqual([file]);
    expect(zedProvider.detect({ path: file, head: JSON.stringify(savedContext()) })).toBe(true);
    expect(zedProvider.detect({ path: '/x/other.zed.json', head: '{"zed":"settings"}' })).toBe(false);
    const env = { HOME: home, DEJAVU_HOME: path.join(tmp, 'sync-archive'), XDG_CONFIG_HOME: '', XDG_DATA_HOME: '' };
    const synced = dejavu(['sync', '--no-evict'], env);
    expect(synced.stderr).toBe('');
    expect(synced.stdout).toContain('1 file(s) found');
    const c = dejavuJson<Conversation>(['show', `zed_${ID}`], env);
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['Why is the café total wrong?', 'And the tax?']);
  });
});
