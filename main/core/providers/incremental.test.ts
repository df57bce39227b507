/**
 * Live capture feeds a session file to its provider in pieces, snapshotting after each: for
 * every real Claude Code and Codex fixture, that must give exactly what one full parse gives,
 * and every snapshot on the way must be what a parse of the file so far gives.
 */
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../shared/record';
import { provenanceFor } from '../../../test/provenance';
import { fileParseContext } from '../capture/parse-context';
import { readLines } from '../capture/read-lines';
import type { Provider, SourceLine } from './kit/provider';
import { claudeCodeProvider } from './claude-code/index';
import { codexProvider } from './codex/index';

async function linesOf(filePath: string): Promise<SourceLine[]> {
  const lines: SourceLine[] = [];
  for await (const line of readLines(filePath, { tail: 'if-json' })) lines.push(line);
  return lines;
}

function fedWhole(provider: Provider, filePath: string, lines: readonly SourceLine[]): Conversation[] {
  const parser = provider.incremental!({ path: filePath, instance: 'host' });
  for (const line of lines) parser.feed(line);
  return parser.snapshot();
}

for (const [provider, agent] of [[claudeCodeProvider, 'claude-code'], [codexProvider, 'codex']] as const) {
  describe(`${agent}: fed in pieces = parsed whole`, () => {
    for (const f of provenanceFor(agent)) {
      it(`#${f.n} ${f.file.split('/').slice(0, 2).join('/')}`, async () => {
        const whole = await provider.parse(fileParseContext(f.absPath));
        const lines = await linesOf(f.absPath);
        const cuts = [...new Set([1, 2, 3, Math.floor(lines.length / 7), Math.floor(lines.length / 3), Math.floor(lines.length / 2), lines.length - 1])]
          .filter((n) => n > 0 && n < lines.length)
          .sort((a, b) => a - b);
        const parser = provider.incremental!({ path: f.absPath, instance: 'host' });
        let fed = 0;
        for (const cut of cuts) {
          for (; fed < cut; fed += 1) parser.feed(lines[fed]);
          const first = parser.snapshot();
          // Twice: a snapshot must not change the state the next one is built from.
          expect(parser.snapshot()).toEqual(first);
          expect(first, `snapshot after ${cut} lines`).toEqual(fedWhole(provider, f.absPath, lines.slice(0, cut)));
        }
        for (; fed < lines.length; fed += 1) parser.feed(lines[fed]);
        expect(parser.snapshot()).toEqual(whole);
      });
    }
  });
}
