/**
 * `dejavu export-archive` and `dejavu merge` through the real CLI, on archives built from the
 * real fixtures: another machine's conversations arrive under its name, an older copy never
 * replaces a newer one, a second merge changes nothing, and a merge killed mid-way (a real
 * SIGKILL) is finished by running it again, ending where an uninterrupted merge ends.
 */
import Database from 'better-sqlite3';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArchivedSummary } from '../shared/views';
import { dejavu, dejavuJson } from './cli';
import { FIXTURES_DIR } from './fixtures';

const SESSION = '5c0375b4-57a5-4f26-b12d-d022ee4e51b7';
const SESSION_FILE = path.join(FIXTURES_DIR, 'claude-code/d-kimuson__claude-code-viewer/mock-global-claude-dir/projects/sample-project', `${SESSION}.jsonl`);
const GEMINI_SHARED = path.join(FIXTURES_DIR, 'gemini-cli/computermode__test-repo');

interface MergeReport {
  machine: { id: string; name: string };
  considered: number;
  added: string[];
  updated: string[];
  unchanged: number;
  errors: { id: string; message: string }[];
}

/** What the index says of every conversation (not when it was archived: that is the time of a store). */
function rows(archive: string) {
  const db = new Database(path.join(archive, 'index.db'), { readonly: true });
  try {
    return db.prepare('SELECT id, agent, workspace, instance, message_count, prompt_count, blob_path, blob_bytes, source_deleted, revision FROM conversations ORDER BY id').all();
  } finally {
    db.close();
  }
}

function searchRowCount(archive: string): number {
  const db = new Database(path.join(archive, 'search.db'), { readonly: true });
  try {
    return db.prepare('SELECT COUNT(*) FROM message_text').pluck().get() as number;
  } finally {
    db.close();
  }
}

function list(archive: string): ArchivedSummary[] {
  return dejavuJson<ArchivedSummary[]>(['--archive', archive, 'list', '--limit', '1000']);
}

describe('export-archive and merge', () => {
  let dir: string;
  let laptop: string; // machine "laptop": Gemini sessions, Cursor sessions, one Claude Code session in full
  let desk: string; // machine "desk": some of the same Gemini sessions, Copilot sessions, the Claude Code session cut short
  let laptopFile: string;
  let deskFile: string;
  const build = (archive: string, machine: string, paths: string[]) => {
    const r = dejavu(['--archive', archive, 'import', ...paths], { DEJAVU_MACHINE_NAME: machine });
    expect(r.code, r.stderr).toBe(0);
  };

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dejavu-merge-'));
    // The desk has the same session, synced before it went on: its first half.
    const early = path.join(dir, 'desk-home', `${SESSION}.jsonl`);
    mkdirSync(path.dirname(early), { recursive: true });
    const lines = readFileSync(SESSION_FILE, 'utf8').split('\n');
    writeFileSync(early, lines.slice(0, Math.floor(lines.length / 2)).join('\n') + '\n');
    laptop = path.join(dir, 'laptop');
    desk = path.join(dir, 'desk');
    build(laptop, 'laptop', [path.join(FIXTURES_DIR, 'gemini-cli'), path.join(FIXTURES_DIR, 'cursor-cli'), SESSION_FILE]);
    build(desk, 'desk', [GEMINI_SHARED, path.join(FIXTURES_DIR, 'copilot-cli/computermode__test-repo'), early]);
    laptopFile = path.join(dir, 'laptop.tar');
    deskFile = path.join(dir, 'desk.tar');
    expect(dejavu(['--archive', laptop, 'export-archive', '-o', laptopFile]).code).toBe(0);
    expect(dejavu(['--archive', desk, 'export-archive', '-o', deskFile]).code).toBe(0);
  }, 60_000);

  it('brings the other machine’s conversations under its name; an older copy changes nothing, a newer one adds what it holds', () => {
    const target = path.join(dir, 'desk-merged');
    build(target, 'desk', [GEMINI_SHARED, path.join(FIXTURES_DIR, 'copilot-cli/computermode__test-repo'), path.join(dir, 'desk-home', `${SESSION}.jsonl`)]);
    const before = new Map(list(target).map((c) => [c.id, c]));
    const fromLaptop = list(laptop);
    const id = `claude-code_${SESSION}`;
    expect(before.get(id)!.messageCount).toBeLessThan(fromLaptop.find((c) => c.id === id)!.messageCount);

    const r = dejavu(['--archive', target, 'merge', laptopFile]);
    expect(r.code, r.stderr).toBe(0);
    const fresh = fromLaptop.filter((c) => !before.has(c.id));
    // The session cut short on the desk, and its subagent's: the laptop holds more of them.
    const grown = fromLaptop.filter((c) => before.has(c.id) && c.messageCount > before.get(c.id)!.messageCount);
    const shared = fromLaptop.filter((c) => before.has(c.id) && !grown.includes(c));
    expect(grown.map((c) => c.id)).toContain(id);
    expect(fresh.length).toBeGreaterThan(0);
    expect(shared.length).toBeGreaterThan(0);
    expect(r.stdout).toContain(`Merged from laptop: ${fromLaptop.length} conversation(s), ${fresh.length} new, ${grown.length} updated, ${shared.length} already here`);

    const after = new Map(list(target).map((c) => [c.id, c]));
    // The laptop's own conversations are named after it; the desk's own stay the desk's.
    for (const c of fresh) expect(after.get(c.id)).toMatchObject({ instance: 'laptop', messageCount: c.messageCount, workspace: c.workspace });
    for (const c of shared) expect(after.get(c.id)).toMatchObject({ instance: 'host', messageCount: before.get(c.id)!.messageCount });
    // What the desk held in part now holds all the laptop saw, and is still the desk's.
    for (const c of grown) expect(after.get(c.id)).toMatchObject({ instance: 'host', messageCount: c.messageCount });
    // Search and digests know the merged conversations.
    // A fresh conversation whose title holds an English word (list order follows the fixtures' dates).
    const wordOf = (c: ArchivedSummary) => c.title?.split(/\s+/).find((w) => /^[A-Za-z]{6,}$/.test(w));
    const title = fresh.find((c) => wordOf(c) !== undefined)!;
    const word = wordOf(title)!;
    const hits = dejavuJson<{ conversation: { id: string } }[]>(['--archive', target, 'search', word]);
    expect(hits.map((h) => h.conversation.id)).toContain(title.id);
    const verify = dejavu(['--archive', target, 'verify']);
    expect(verify.stdout).toContain('The archive is consistent.');
    const digests = new Database(path.join(target, 'index.db'), { readonly: true });
    expect(digests.prepare('SELECT COUNT(*) FROM digests').pluck().get()).toBe(after.size);
    digests.close();

    // Merged twice: nothing changes, not even a revision.
    const once = rows(target);
    const again = dejavuJson<MergeReport>(['--archive', target, 'merge', laptopFile]);
    expect(again).toMatchObject({ considered: fromLaptop.length, added: [], updated: [], unchanged: fromLaptop.length, errors: [] });
    expect(rows(target)).toEqual(once);

    // The desk's older copy of the session does not cut the laptop's one back.
    const laptopBefore = rows(laptop);
    const back = dejavuJson<MergeReport>(['--archive', laptop, 'merge', deskFile]);
    expect(back.machine.name).toBe('desk');
    expect(back.updated).toEqual([]);
    const laptopAfter = list(laptop);
    expect(laptopAfter.find((c) => c.id === id)!.messageCount).toBe(fromLaptop.find((c) => c.id === id)!.messageCount);
    expect(laptopAfter.filter((c) => c.instance === 'desk').map((c) => c.agent).sort()).toEqual(back.added.map((a) => a.split('_')[0]).sort());
    expect(rows(laptop).filter((row) => laptopBefore.some((b) => (b as { id: string }).id === (row as { id: string }).id))).toEqual(laptopBefore);
  }, 120_000);

  it('a merge killed mid-way and run again ends where an uninterrupted merge ends', () => {
    const whole = path.join(dir, 'whole');
    const killed = path.join(dir, 'killed');
    build(whole, 'desk', [GEMINI_SHARED]);
    build(killed, 'desk', [GEMINI_SHARED]);
    expect(dejavu(['--archive', whole, 'merge', laptopFile]).code).toBe(0);

    // Killed with the first batch committed and the second one's blobs written, not yet indexed.
    const start = rows(killed).length;
    const crash = dejavu(['--archive', killed, 'merge', laptopFile], { DEJAVU_MERGE_CRASH_AT: 'before-commit:2' });
    expect(crash.code).toBe(-1); // killed by the signal: no exit status
    const part = rows(killed).length;
    expect(part).toBeGreaterThan(start);
    expect(part).toBeLessThan(rows(whole).length);

    const rerun = dejavu(['--archive', killed, 'merge', laptopFile]);
    expect(rerun.code, rerun.stderr).toBe(0);
    const strip = (rs: unknown[]) => rs.map((r) => ({ ...(r as object), revision: undefined }));
    expect(strip(rows(killed))).toEqual(strip(rows(whole)));
    expect(searchRowCount(killed)).toBe(searchRowCount(whole));
    expect(dejavu(['--archive', killed, 'verify']).stdout).toContain('The archive is consistent.');
  }, 120_000);

  it('a merge killed after writing a grown conversation’s blob, before its row, is finished by running it again', () => {
    const early = path.join(dir, 'desk-home', `${SESSION}.jsonl`);
    const whole = path.join(dir, 'grown-whole');
    const killed = path.join(dir, 'grown-killed');
    build(whole, 'desk', [early]);
    build(killed, 'desk', [early]);
    expect(dejavuJson<MergeReport>(['--archive', whole, 'merge', laptopFile]).updated).toContain(`claude-code_${SESSION}`);
    // One batch: every blob written, the session's grown copy over its earlier one, no row committed.
    const crash = dejavu(['--archive', killed, 'merge', laptopFile], { DEJAVU_MERGE_BATCH: '1000', DEJAVU_MERGE_CRASH_AT: 'before-commit:1' });
    expect(crash.code).toBe(-1);
    const rerun = dejavu(['--archive', killed, 'merge', laptopFile]);
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(dejavu(['--archive', killed, 'verify']).stdout).toContain('The archive is consistent.');
    expect(rows(killed)).toEqual(rows(whole));
    expect(searchRowCount(killed)).toBe(searchRowCount(whole));
  }, 120_000);

  it('merges an archive folder as it merges its export, without writing to it', () => {
    const fromFile = path.join(dir, 'from-file');
    const fromFolder = path.join(dir, 'from-folder');
    build(fromFile, 'desk', [path.join(FIXTURES_DIR, 'factory-droid')]);
    build(fromFolder, 'desk', [path.join(FIXTURES_DIR, 'factory-droid')]);
    // The laptop's archive as it is now (it may have merged the desk's by now: those keep the desk's name).
    const now = path.join(dir, 'laptop-now.tar');
    expect(dejavu(['--archive', laptop, 'export-archive', '-o', now]).code).toBe(0);
    const index = path.join(laptop, 'index.db');
    const before = statSync(index).mtimeMs;
    expect(dejavu(['--archive', fromFile, 'merge', now]).code).toBe(0);
    const r = dejavu(['--archive', fromFolder, 'merge', laptop]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Merged from laptop');
    const ids = (archive: string) => list(archive).map((c) => `${c.id} ${c.instance} ${c.messageCount}`).sort();
    expect(ids(fromFolder)).toEqual(ids(fromFile));
    expect(statSync(index).mtimeMs).toBe(before);
  }, 120_000);

  it('exports only what a filter picks', () => {
    const part = path.join(dir, 'gemini.tar');
    const report = dejavuJson<{ conversations: number }>(['--archive', laptop, 'export-archive', '-o', part, '--agent', 'gemini-cli']);
    expect(report.conversations).toBe(list(laptop).filter((c) => c.agent === 'gemini-cli' && c.instance === 'host').length);
    const target = path.join(dir, 'only-gemini');
    const merged = dejavuJson<MergeReport>(['--archive', target, 'merge', part]);
    expect(merged.added.length).toBe(report.conversations);
    expect(new Set(list(target).map((c) => c.agent))).toEqual(new Set(['gemini-cli']));
    expect(dejavu(['--archive', laptop, 'export-archive', '-o', path.join(dir, 'x.tar'), '--since', 'yesterday']).stderr).toContain('--since wants a date like 2026-01-31, not "yesterday"');
  }, 60_000);

  it('refuses a file cut short, and a path that is no archive, changing nothing', () => {
    const cut = path.join(dir, 'cut.tar');
    copyFileSync(laptopFile, cut);
    truncateSync(cut, Math.floor(statSync(cut).size / 2));
    const target = path.join(dir, 'untouched');
    build(target, 'desk', [path.join(FIXTURES_DIR, 'factory-droid')]);
    const before = rows(target);
    const r = dejavu(['--archive', target, 'merge', cut]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${cut} is not an archive written by \`dejavu export-archive\``);
    expect(r.stderr).toContain('cut short');
    const none = dejavu(['--archive', target, 'merge', path.join(dir, 'desk-home')]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(`${path.join(dir, 'desk-home')} is not a Déjà Vu archive folder (no index.db in it)`);
    expect(rows(target)).toEqual(before);
  }, 60_000);
});
