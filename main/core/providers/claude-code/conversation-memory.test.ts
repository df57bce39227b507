/**
 * What a huge Claude Code read keeps per conversation once read (main/core/README.md, "One huge
 * session file"): a pre-2.0 session has a sidechain per Task call, each a conversation held until
 * the file is archived (~6,700 in the 1 GB bench session). Its messages are a view of the file's
 * message table; that view's handler was four closures and a context per conversation (~400
 * bytes), now one handler for all; each of its columns in the spill file (and each of its
 * builder's while it reads) had an array for its one page (~150 bytes), and each builder its own
 * pool of API message ids (~500 bytes, now one pool for the file) and its task prompt, twice
 * (~1 KB here, now numbered in a pool whose bytes are in the spill file). Measured in a child Node process, as the heap the parsed
 * conversations hold after a full collection, over 2,000 sidechains of three messages.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';

const SIDECHAINS = 2000;
const PROMPT_CHARS = 512;
/** Bytes per conversation held: measured ~1,300–1,320 here (~1,515 with an array per one-page column, ~1,715 with a handler per view too). */
const BYTES_PER_CONVERSATION = 1420;
/**
 * And per conversation while the file is read (its builder): measured ~1,250 here (~2,280 with its
 * task prompt a string in the builder and a key of the main thread's Task calls, ~2,780 with a pool
 * of API message ids per builder too, ~3,310 with an array per one-page column and stow closures
 * per builder too).
 */
const BYTES_PER_BUILDER = 1600;
const SESSION = '5a1f7c0e-2b64-4d8e-9c3a-0d6e1f2a3b4c';

/** A pre-2.0 session: the main thread starts a Task per sidechain, each sidechain's first record its prompt. */
function sessionLines(): string[] {
  const base = { userType: 'external', cwd: '/w/app', sessionId: SESSION, version: '1.0.98', gitBranch: '' };
  const lines: string[] = [];
  let parent: string | null = null;
  for (let i = 0; i < SIDECHAINS; i += 1) {
    const prompt = `Task ${i}: ${'tidy the components\n'.repeat(PROMPT_CHARS / 20)}`.slice(0, PROMPT_CHARS - 1) + '\n';
    const call: string = randomUUID();
    const time = new Date(Date.UTC(2025, 8, 1, 10, 0, i)).toISOString();
    const message = { id: `msg_${i}`, type: 'message', role: 'assistant', model: 'claude-sonnet-4-20250514', content: [{ type: 'tool_use', id: `toolu_${i}`, name: 'Task', input: { description: `task ${i}`, prompt } }] };
    lines.push(JSON.stringify({ ...base, parentUuid: parent, isSidechain: false, type: 'assistant', message, uuid: call, timestamp: time }));
    const root = randomUUID();
    lines.push(JSON.stringify({ ...base, parentUuid: null, isSidechain: true, type: 'user', message: { role: 'user', content: prompt }, uuid: root, timestamp: time }));
    const answer = { id: `msg_s${i}`, type: 'message', role: 'assistant', model: 'claude-sonnet-4-20250514', content: [{ type: 'text', text: `done ${i}` }] };
    lines.push(JSON.stringify({ ...base, parentUuid: root, isSidechain: true, type: 'assistant', message: answer, uuid: randomUUID(), timestamp: time }));
    parent = call;
  }
  return lines;
}

/** The child: reads the file with parseClaudeCodeLarge and prints the heap its conversations hold, and their titles; and what the read holds before it assembles them. */
const MEASURE = `
import { fileParseContext } from ${JSON.stringify(path.resolve(__dirname, '../../capture/parse-context'))};
import { parseClaudeCodeLarge } from ${JSON.stringify(path.resolve(__dirname, 'lazy'))};
import { ParseState } from ${JSON.stringify(path.resolve(__dirname, 'parse'))};
import { SpillFile } from ${JSON.stringify(path.resolve(__dirname, '../kit/spill-file'))};
const gc = () => {
  globalThis.gc();
  globalThis.gc();
};
const [file, spillDir] = process.argv.slice(2);
/** In functions of their own: what a read returns dies with it, never kept by the module's await. */
async function held() {
  gc();
  const before = process.memoryUsage().heapUsed;
  const conversations = await parseClaudeCodeLarge(fileParseContext(file), new SpillFile(spillDir, 16));
  gc();
  return { held: process.memoryUsage().heapUsed - before, titles: conversations.map((c) => c.title) };
}
async function reading() {
  gc();
  const before = process.memoryUsage().heapUsed;
  const state = new ParseState(file, () => ({ parts: [] }), new SpillFile(spillDir, 16));
  for await (const line of fileParseContext(file).lines()) state.line(line);
  gc();
  return { reading: process.memoryUsage().heapUsed - before, builders: 1 + state.sidechains.size };
}
await held(); // code compiled: not the conversations' cost
await reading();
// The least of three: what a run leaves on the heap besides its result (code, feedback a later
// optimisation allocates) only adds, by ~±150 KB from run to run (1,320–1,473 bytes a conversation
// measured once each, the same code).
const least = async (run, key) => {
  let best;
  for (let i = 0; i < 3; i += 1) {
    const r = await run();
    if (!best || r[key] < best[key]) best = r;
  }
  return best;
};
console.log(JSON.stringify({ ...(await least(held, 'held')), ...(await least(reading, 'reading')) }));
`;

describe('the conversations of a huge Claude Code read', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dejavu-conversation-memory-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(`hold under ${BYTES_PER_CONVERSATION} bytes each once read, ${BYTES_PER_BUILDER} while it reads (${SIDECHAINS} sidechains of three messages)`, async () => {
    const file = path.join(dir, `${SESSION}.jsonl`);
    writeFileSync(file, `${sessionLines().join('\n')}\n`);
    const entry = path.join(dir, 'measure.ts');
    writeFileSync(entry, MEASURE);
    const script = path.join(dir, 'measure.mjs');
    await build({ entryPoints: [entry], outfile: script, bundle: true, platform: 'node', format: 'esm', logLevel: 'error' });
    const measured = JSON.parse(execFileSync(process.execPath, ['--expose-gc', script, file, path.join(dir, 'spill')], { encoding: 'utf8' })) as { held: number; titles: string[]; reading: number; builders: number };
    expect(measured.titles).toHaveLength(SIDECHAINS + 1);
    expect(measured.titles[1]).toBe(`Task 0: ${'tidy the components '.repeat(4)}`.slice(0, 79) + '…');
    expect(measured.titles[SIDECHAINS]).toBe(`Task ${SIDECHAINS - 1}: ${'tidy the components '.repeat(4)}`.slice(0, 79) + '…');
    const perConversation = measured.held / measured.titles.length;
    expect(perConversation).toBeGreaterThan(500); // the conversations were held while measured
    expect(perConversation).toBeLessThan(BYTES_PER_CONVERSATION);
    expect(measured.builders).toBe(SIDECHAINS + 1);
    const perBuilder = measured.reading / measured.builders;
    expect(perBuilder).toBeGreaterThan(500); // the builders were held while measured
    expect(perBuilder).toBeLessThan(BYTES_PER_BUILDER);
  });
});
