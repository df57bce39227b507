/**
 * What a huge Claude Code file's read keeps per message (README, "One huge session: peak
 * memory"): its metadata and where its body is, nothing else. Measured in a child Node process
 * (vitest's module runner weighs each object differently) as the heap the parsed conversations
 * hold after a full collection, for two lengths of the same real session: the difference over
 * the difference in messages is what each message costs, whatever the fixed part weighs. It was
 * ~295 bytes: the body places keyed by message id in a Map, each lazy message's fields spilled
 * into a separate property array.
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
/** Bytes of heap per message the read may keep; measured ~245 here, ~285 before (its id and timestamp strings are ~95 of them). */
const BYTES_PER_MESSAGE = 265;

/** The child: parses each file given with parseClaudeCodeLarge and prints the heap its result holds. */
const MEASURE = `
import { fileParseContext } from ${JSON.stringify(path.resolve(__dirname, '../../capture/parse-context'))};
import { parseClaudeCodeLarge } from ${JSON.stringify(path.resolve(__dirname, 'lazy'))};
const gc = globalThis.gc;
async function held(file) {
  gc();
  const before = process.memoryUsage().heapUsed;
  const conversations = await parseClaudeCodeLarge(fileParseContext(file));
  gc();
  const bytes = process.memoryUsage().heapUsed - before;
  return { bytes, messages: conversations.reduce((n, c) => n + c.messages.length, 0) };
}
const [small, large] = process.argv.slice(2);
await held(small); // code compiled and caches filled: not the messages' cost
console.log(JSON.stringify([await held(small), await held(large)]));
`;

describe('the memory of a huge Claude Code read', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dejavu-lazy-memory-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(`keeps under ${BYTES_PER_MESSAGE} bytes of heap per message`, async () => {
    const [small, large] = [6, 24].map((mb) => {
      const file = path.join(dir, `${mb}.jsonl`);
      repeatedSession(hugeSessionSeed(FIXTURES_DIR), file, mb * MB);
      return file;
    });
    const entry = path.join(dir, 'measure.ts');
    writeFileSync(entry, MEASURE);
    const script = path.join(dir, 'measure.mjs');
    await build({ entryPoints: [entry], outfile: script, bundle: true, platform: 'node', format: 'esm', logLevel: 'error' });
    const [a, b] = JSON.parse(execFileSync(process.execPath, ['--expose-gc', script, small, large], { encoding: 'utf8' })) as { bytes: number; messages: number }[];
    expect(b.messages - a.messages).toBeGreaterThan(5000);
    const perMessage = (b.bytes - a.bytes) / (b.messages - a.messages);
    expect(perMessage).toBeGreaterThan(50); // the messages were held while measured
    expect(perMessage).toBeLessThan(BYTES_PER_MESSAGE);
  });
});
