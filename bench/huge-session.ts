/**
 * One huge Claude Code session made from a real fixture session repeated with fresh uuids and
 * message ids (a longer session, not a different one): for the huge-session bench and the tests
 * of the huge-file path.
 */
import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';

/** The largest real Claude Code session of the fixtures with a whole chain of uuids and tool results. */
export function hugeSessionSeed(fixtures: string): string {
  return path.join(fixtures, 'claude-code', 'd-kimuson__claude-code-viewer', 'mock-global-claude-dir', 'projects', 'sample-project', `${SESSION}.jsonl`);
}

export const SESSION = 'fe5e1c67-53e7-4862-81ae-d0e013e3270b';
const IDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\b(?:msg|toolu|req)_[0-9A-Za-z]+/g;

/** One more round of the seed: every uuid and message/tool/request id fresh, chained after `after`. */
function round(seed: string, after: string | undefined): { text: string; last: string | undefined } {
  const fresh = new Map<string, string>();
  let last: string | undefined;
  let text = seed.replace(IDS, (id) => {
    if (id === SESSION) return id;
    let to = fresh.get(id);
    if (!to) fresh.set(id, (to = id.includes('-') ? randomUUID() : `${id.slice(0, id.indexOf('_') + 1)}${randomUUID().replaceAll('-', '')}`));
    return to;
  });
  for (const m of text.matchAll(/"uuid":"([^"]+)"/g)) last = m[1];
  if (after) text = text.replace('"parentUuid":null', `"parentUuid":"${after}"`);
  return { text, last };
}

/** The seed repeated until the file holds `bytes`. */
export function repeatedSession(seedFile: string, file: string, bytes: number): void {
  const seed = readFileSync(seedFile, 'utf8').split('\n').filter((l) => l && !l.includes('"type":"summary"')).join('\n') + '\n';
  const fd = openSync(file, 'w');
  let written = 0;
  let after: string | undefined;
  while (written < bytes) {
    const r = round(seed, after);
    after = r.last;
    written += writeSync(fd, r.text);
  }
  closeSync(fd);
}

