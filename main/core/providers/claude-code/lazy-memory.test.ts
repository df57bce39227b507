/**
 * What a huge Claude Code file's read keeps per message (README, "One huge session: peak
 * memory"): its metadata and where its body is, nothing else. Measured in a child Node process
 * (vitest's module runner weighs each object differently) as the heap plus the typed arrays
 * outside it (the message table, the uuid pool, the body places) that the parsed conversations
 * hold after a full collection, for two lengths of the same real session: the difference over
 * the difference in messages is what each message costs, whatever the fixed part weighs. It was
 * ~280 bytes (~525 while reading): a `Message` object per message with its id and timestamp
 * strings, and Sets and Maps of uuid strings while the file was read; then ~145 (~300) with
 * those as typed arrays in memory. The read's tables are in a spill file here, as in a sync,
 * with a cache of 16 pages: full in both lengths, so its size is not counted per message.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { hugeSessionSeed, repeatedSession } from '../../../../bench/huge-session';
import { FIXTURES_DIR } from '../../../../test/fixtures';

const MB = 1024 * 1024;
/**
 * Bytes per message the read may keep; measured ~42–48 here with its tables in a spill file
 * (mostly each conversation's own objects: this session has a sidechain every ~70 messages;
 * ~54–66 before a conversation's view shared its handler and its one-page columns held no array),
 * ~145 with them in memory, ~280 as `Message` objects.
 */
// Bounds with the room they had (~1.7× what is measured, for a loaded machine: a CI run once measured 85/150 where 54–66/119–124 was usual).
const BYTES_PER_MESSAGE = 80;
/**
 * And while it reads (the uuid hash tables and the builders alive too); measured ~59–71 here (~119–124 with a pool of API
 * ids and the task prompt in each sidechain's builder and a 16-bit tag beside each hash slot), ~300 with the columns in
 * memory, ~525 with Sets and Maps of uuid strings.
 */
const BYTES_PER_MESSAGE_READING = 120;

/** The child: parses each file given with parseClaudeCodeLarge and prints the heap its result holds. */
const MEASURE = `
import { fileParseContext } from ${JSON.stringify(path.resolve(__dirname, '../../capture/parse-context'))};
import { parseClaudeCodeLarge } from ${JSON.stringify(path.resolve(__dirname, 'lazy'))};
import { ParseState } from ${JSON.stringify(path.resolve(__dirname, 'parse'))};
import { SpillFile } from ${JSON.stringify(path.resolve(__dirname, '../kit/spill-file'))};
/** Twice: the memory of typed arrays let go in one full collection is given back in the next. */
const gc = () => {
  globalThis.gc();
  globalThis.gc();
};
/** The heap and the typed arrays' memory outside it (the message tables, the uuid pool, the body places). */
function used() {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}
/** The same read stopped before its messages are assembled: what its state holds while the file streams past. */
async function reading(file) {
  gc();
  const before = used();
  const state = new ParseState(file, () => ({ parts: [] }), new SpillFile(spillDir, 16));
  for await (const line of fileParseContext(file).lines()) state.line(line);
  gc();
  const bytes = used() - before;
  const builders = [state.main, ...state.sidechains.values()];
  return { bytes, messages: builders.reduce((n, b) => n + b.count, 0) };
}
async function held(file) {
  gc();
  const before = used();
  const conversations = await parseClaudeCodeLarge(fileParseContext(file), new SpillFile(spillDir, 16));
  gc();
  const bytes = used() - before;
  return { bytes, messages: conversations.reduce((n, c) => n + c.messages.length, 0) };
}
const [small, large, spillDir] = process.argv.slice(2);
await held(small); // code compiled and caches filled: not the messages' cost
const after = [await held(small), await held(large)];
const during = [await reading(small), await reading(large)];
console.log(JSON.stringify({ after, during }));
`;

describe('the memory of a huge Claude Code read', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dejavu-lazy-memory-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(`keeps under ${BYTES_PER_MESSAGE} bytes per message once read, ${BYTES_PER_MESSAGE_READING} while it reads`, async () => {
    const [small, large] = [6, 24].map((mb) => {
      const file = path.join(dir, `${mb}.jsonl`);
      repeatedSession(hugeSessionSeed(FIXTURES_DIR), file, mb * MB);
      return file;
    });
    const entry = path.join(dir, 'measure.ts');
    writeFileSync(entry, MEASURE);
    const script = path.join(dir, 'measure.mjs');
    await build({ entryPoints: [entry], outfile: script, bundle: true, platform: 'node', format: 'esm', logLevel: 'error' });
    type Held = { bytes: number; messages: number };
    const perMessage = ([a, b]: Held[]) => {
      expect(b.messages - a.messages).toBeGreaterThan(5000);
      return (b.bytes - a.bytes) / (b.messages - a.messages);
    };
    const measure = () => {
      const measured = JSON.parse(execFileSync(process.execPath, ['--expose-gc', script, small, large, path.join(dir, 'spill')], { encoding: 'utf8' })) as { after: Held[]; during: Held[] };
      return { after: perMessage(measured.after), during: perMessage(measured.during) };
    };
    // A machine busy with other suites measured 85–88, and once 18.6, where 40–48 is usual
    // (2026-11-24): a measurement outside the bounds is taken again, up to three in all, and the
    // last one is held to them (a real regression fails all three).
    const within = (m: { after: number; during: number }) => m.after > 20 && m.after < BYTES_PER_MESSAGE && m.during > 20 && m.during < BYTES_PER_MESSAGE_READING;
    let measured = measure();
    for (let tries = 1; tries < 3 && !within(measured); tries += 1) measured = measure();
    const { after, during } = measured;
    expect(after).toBeGreaterThan(20); // the messages were held while measured
    expect(after).toBeLessThan(BYTES_PER_MESSAGE);
    // Not compared with `after` any more: the read's own part is now ~15–25 bytes a message, within the noise of the two.
    expect(during).toBeGreaterThan(20);
    expect(during).toBeLessThan(BYTES_PER_MESSAGE_READING);
  });
});
