/**
 * What the digest of a huge conversation holds while it is made: a huge file's messages make
 * their parts again each time they are asked for (claude-code/message-table.ts), and the digest
 * walks them several times (its facts). Its cache of each tool call's files was keyed by the part
 * object and held every part it had seen, arguments and all, until the digest was done: the
 * digest of a 1 GB session's main conversation (31,000 messages) took the heap from ~50 to ~125 MB.
 * Run in a child Node process with a small heap, so that holding them fails with V8's own error.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';

/** Tool calls, each made again (a fresh part, its 512 KB arguments a fresh string) whenever its message's parts are read. */
const CALLS = 150;
const ARGUMENT_BYTES = 512 * 1024;
/** Far less than the parts the digest walks (~220 MB over its passes), far more than one of them. */
const HEAP_MB = 64;

const CHILD = `
import { buildDigest } from ${JSON.stringify(path.resolve(__dirname, 'digest'))};
import { syntheticConversation } from ${JSON.stringify(path.resolve(__dirname, '../../../test/synthetic-conversation'))};
const messages = [{ id: 'u', role: 'user', parts: [{ type: 'text', content: 'write the files' }] }];
for (let i = 0; i < ${CALLS}; i += 1) {
  const message = { id: 'a' + i, role: 'assistant' };
  Object.defineProperty(message, 'parts', {
    enumerable: true,
    get: () => [{ type: 'tool_call', id: 't' + i, name: 'Write', arguments: JSON.stringify({ file_path: '/w/f' + i + '.ts', content: String(i).padEnd(${ARGUMENT_BYTES}, 'x') }) }],
  });
  messages.push(message);
}
const digest = buildDigest(syntheticConversation('huge', messages));
console.log(JSON.stringify({ toolCalls: digest.counts.toolCalls, files: digest.fileTouches.length }));
`;

describe('the digest of a conversation whose parts are made as they are read', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dejavu-digest-memory-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(`holds no part it has walked past: ${CALLS} calls of 512 KB digested in a ${HEAP_MB} MB heap`, async () => {
    const entry = path.join(dir, 'child.ts');
    writeFileSync(entry, CHILD);
    const script = path.join(dir, 'child.mjs');
    await build({ entryPoints: [entry], outfile: script, bundle: true, platform: 'node', format: 'esm', logLevel: 'error' });
    let out: string;
    try {
      out = execFileSync(process.execPath, [`--max-old-space-size=${HEAP_MB}`, script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (err) {
      // V8 says "Reached heap limit" / "JavaScript heap out of memory" when the parts are held.
      throw new Error(`the digest ran out of a ${HEAP_MB} MB heap: ${String((err as { stderr?: string }).stderr).split('\n').find((l) => /heap/i.test(l)) ?? String(err)}`);
    }
    const result = JSON.parse(out) as { toolCalls: number; files: number };
    expect(result.toolCalls).toBe(CALLS);
    expect(result.files).toBe(CALLS);
  }, 60_000);
});
