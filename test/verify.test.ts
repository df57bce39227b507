/**
 * `dejavu verify` on real archives built by the real CLI from the real fixtures, then damaged
 * one way at a time: verify names each problem and exits 1; `--repair` rebuilds what can be
 * rebuilt (and exits 0 when nothing else is wrong) and says what it cannot fix.
 */
import Database from 'better-sqlite3';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ArchiveService } from '../main/core/service/archive-service';
import { firstRowid, ROWIDS_PER_CONVERSATION } from '../main/core/search/row-keys';
import type { IntegrityCheck, IntegrityReport } from '../shared/verify';
import { type CliResult, dejavu } from './cli';
import { FIXTURES_DIR } from './fixtures';
import { appendPrompt, buildMarkedHome, markerWord } from './stress/marked-corpus';

const FILES = [
  'claude-code/entireio__cli/entire_checkpoints_v1/4c/02af2759b6/0/full.jsonl',
  'codex/entireio__skills/entire_checkpoints_v1/01/da544acf74/0/full.jsonl',
  'cursor-cli/computermode__test-repo/entire_checkpoints_v1/f5/5b1d3b434a/0/full.jsonl',
  'gemini-cli/entireio__cli/entire_checkpoints_v1/12/cbfeaa512b/0/full.jsonl',
].map((f) => path.join(FIXTURES_DIR, f));

const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-verify-'));
const template = path.join(work, 'template');

interface Row {
  seq: number;
  id: string;
  blob_path: string;
  message_count: number;
  revision: number;
}

let copies = 0;
/** A fresh copy of the imported archive, its claude-code conversation's row, and helpers on it. */
function archive() {
  const root = path.join(work, `archive-${(copies += 1)}`);
  cpSync(template, root, { recursive: true });
  const env = { DEJAVU_HOME: root };
  const sql = <T>(file: 'index.db' | 'search.db', fn: (db: Database.Database) => T): T => {
    const db = new Database(path.join(root, file));
    try {
      return fn(db);
    } finally {
      db.close();
    }
  };
  const row = sql('index.db', (db) => db.prepare("SELECT seq, id, blob_path, message_count, revision FROM conversations WHERE agent = 'claude-code'").get() as Row);
  const verify = (...args: string[]): CliResult => dejavu(['verify', ...args], env);
  const report = (...args: string[]) => {
    const r = verify(...args, '--json');
    return { code: r.code, report: JSON.parse(r.stdout) as IntegrityReport & { repaired?: string[] } };
  };
  return { root, env, sql, row, verify, report };
}

describe('dejavu verify', () => {
  beforeAll(() => {
    const r = dejavu(['import', ...FILES], { DEJAVU_HOME: template });
    expect(r.code, r.stderr).toBe(0);
  });

  it('finds a freshly imported archive consistent and exits 0', () => {
    const a = archive();
    const r = a.verify();
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('Checked 4 conversation(s), 4 blob file(s)');
    expect(r.stdout).toContain('The archive is consistent.');
    expect(r.code).toBe(0);
  });

  it('finds an archive consistent after eviction left its conversations as .r2.pb digest threads', () => {
    const a = archive();
    const evicted = dejavu(['evict', '--apply', '--soft-cap', '1', '--hard-cap', '1'], a.env);
    expect(evicted.code, evicted.stderr).toBe(0);
    const stages = a.sql('index.db', (db) => db.prepare('SELECT blob_path FROM conversations').pluck().all() as string[]);
    expect(stages.every((p) => p.endsWith('.r2.pb'))).toBe(true);
    const r = a.verify();
    expect(r.stdout).toContain('The archive is consistent.');
    expect(r.code).toBe(0);
  });

  it('names a missing blob, and --repair says it cannot bring it back', () => {
    const a = archive();
    rmSync(path.join(a.root, a.row.blob_path));
    const r = a.verify();
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`Conversation ${a.row.id}`);
    expect(r.stdout).toContain(`Its archived copy ${a.row.blob_path} is missing; importing or syncing its source file again archives it anew`);
    expect(r.stdout).toContain('(cannot be repaired here)');
    const repaired = a.verify('--repair');
    expect(repaired.code).toBe(1);
    expect(repaired.stdout).toContain(`${a.row.blob_path} is missing`);
    expect(repaired.stdout).toContain('problem(s) left that verify cannot repair');
  });

  it('names a blob whose bytes are corrupt, and leaves it as it is', () => {
    const a = archive();
    const file = path.join(a.root, a.row.blob_path);
    const garbage = Buffer.from('\xff\xff\xff\xff this is not a protobuf record', 'latin1');
    writeFileSync(file, garbage);
    const r = a.report();
    expect(r.code).toBe(1);
    const group = r.report.groups.find((g) => g.conversationId === a.row.id);
    expect(group?.problems.map((p) => p.kind)).toContain('unreadable-blob');
    expect(group?.problems.find((p) => p.kind === 'unreadable-blob')?.message).toMatch(new RegExp(`^Its archived copy ${a.row.blob_path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} cannot be read \\(`));
    expect(a.verify('--repair').code).toBe(1);
    expect(readFileSync(file).equals(garbage)).toBe(true);
    // Shown from its digest (every prompt, the last answer), and saying so.
    const shown = dejavu(['show', a.row.id, '--json'], a.env);
    expect(shown.code).toBe(0);
    const thread = JSON.parse(shown.stdout) as { messages: unknown[]; warnings: { message: string }[] };
    expect(thread.messages.length).toBeGreaterThan(0);
    expect(thread.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/^The archived copy of this conversation could not be read \(.+\); shown from its digest: every prompt and the last answer\. `dejavu verify` names the damage\.$/)]);
  });

  it('moves an orphan blob file aside into lost+found with --repair, never deleting it', () => {
    const a = archive();
    const stray = path.posix.join(path.posix.dirname(a.row.blob_path), 'stray.pb');
    cpSync(path.join(a.root, a.row.blob_path), path.join(a.root, stray));
    const bytes = readFileSync(path.join(a.root, stray));
    const r = a.verify();
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Archive files:');
    expect(r.stdout).toContain(`${stray} is a blob file no conversation points at. (repairable)`);
    const repaired = a.verify('--repair');
    expect(repaired.stdout).toContain(`Moved ${stray} to lost+found/${stray}.`);
    expect(repaired.code).toBe(0);
    expect(existsSync(path.join(a.root, stray))).toBe(false);
    expect(readFileSync(path.join(a.root, 'lost+found', stray)).equals(bytes)).toBe(true);
    // What was set aside is no blob of the archive any more: a second check is clean.
    expect(a.verify().code).toBe(0);
  });

  it('rebuilds deleted search rows with --repair, so search finds the conversation again', () => {
    const a = archive();
    // A conversation's rows sit under its row_key (main/core/search/row-keys.ts).
    const range = () => a.sql('search.db', (db) => firstRowid(db.prepare('SELECT row_key FROM indexed WHERE seq = ?').pluck().get(a.row.seq) as number));
    const base = range();
    // Lost from both the word index and the texts (message_text is what verify counts).
    const rows = a.sql('search.db', (db) => {
      db.prepare('DELETE FROM message_fts WHERE rowid >= ? AND rowid < ?').run(base, base + ROWIDS_PER_CONVERSATION);
      return db.prepare('DELETE FROM message_text WHERE rowid >= ? AND rowid < ?').run(base, base + ROWIDS_PER_CONVERSATION).changes;
    });
    expect(rows).toBeGreaterThan(0);
    const found = () => (JSON.parse(dejavu(['search', '"shadow branches"', '--json'], a.env).stdout) as { conversation: { id: string } }[]).map((h) => h.conversation.id);
    expect(found()).not.toContain(a.row.id);
    const r = a.verify();
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`Search holds 0 row(s) of it; its archived copy makes ${rows}. (repairable)`);
    const repaired = a.verify('--repair');
    expect(repaired.stdout).toContain('Rebuilt the search rows of 1 conversation(s).');
    expect(repaired.code).toBe(0);
    const after = range();
    expect(a.sql('search.db', (db) => db.prepare('SELECT count(*) FROM message_text WHERE rowid >= ? AND rowid < ?').pluck().get(after, after + ROWIDS_PER_CONVERSATION))).toBe(rows);
    expect(found()).toContain(a.row.id);
  });

  it('corrects an index row whose message count was edited', () => {
    const a = archive();
    a.sql('index.db', (db) => db.prepare('UPDATE conversations SET message_count = 999 WHERE id = ?').run(a.row.id));
    const r = a.verify();
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`Its index row does not match its archived copy (messages: the index says 999, the blob holds ${a.row.message_count}). (repairable)`);
    const repaired = a.verify('--repair');
    expect(repaired.stdout).toContain('Corrected the counts, titles or times of 1 index row(s) from their archived copies.');
    expect(repaired.code).toBe(0);
    expect(a.sql('index.db', (db) => db.prepare('SELECT message_count FROM conversations WHERE id = ?').pluck().get(a.row.id))).toBe(a.row.message_count);
  });

  it('corrects an index row whose title and start were edited, its blob and digest agreeing', () => {
    const a = archive();
    const { title, started_at } = a.sql('index.db', (db) => db.prepare('SELECT title, started_at FROM conversations WHERE id = ?').get(a.row.id)) as { title: string; started_at: string };
    a.sql('index.db', (db) => db.prepare("UPDATE conversations SET title = 'Not this one', started_at = '1999-01-01T00:00:00.000Z' WHERE id = ?").run(a.row.id));
    const r = a.verify();
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      `Its index row does not match its archived copy (title: the index says "Not this one", the blob holds ${JSON.stringify(title)}; started: the index says "1999-01-01T00:00:00.000Z", the blob holds ${JSON.stringify(started_at)}). (repairable)`,
    );
    const repaired = a.verify('--repair');
    expect(repaired.stdout).toContain('Corrected the counts, titles or times of 1 index row(s) from their archived copies.');
    expect(repaired.code).toBe(0);
    expect(a.sql('index.db', (db) => db.prepare('SELECT title, started_at FROM conversations WHERE id = ?').get(a.row.id))).toEqual({ title, started_at });
  });

  it('makes a deleted digest again with --repair', () => {
    const a = archive();
    a.sql('index.db', (db) => db.prepare('DELETE FROM digests WHERE conversation_id = ?').run(a.row.id));
    const r = a.verify();
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('It has no digest, so its typed prompts are not yet kept apart from its thread. (repairable)');
    const repaired = a.verify('--repair');
    expect(repaired.stdout).toContain('Made 1 digest(s).');
    expect(repaired.code).toBe(0);
    expect(a.sql('index.db', (db) => db.prepare('SELECT revision FROM digests WHERE conversation_id = ?').pluck().get(a.row.id))).toBe(a.row.revision);
  });

  it('finishes an unfinished eviction step with --repair', () => {
    const a = archive();
    const seq = a.sql('index.db', (db) =>
      Number(
        db
          .prepare("INSERT INTO retention_ledger (run_id, at, conversation_id, action, reason, status, old_blob, new_blob) VALUES ('killed', ?, ?, 'stage-1', 'soft-cap', 'intent', ?, ?)")
          .run(new Date().toISOString(), a.row.id, a.row.blob_path, a.row.blob_path.replace(/\.pb$/, '.r1.pb')).lastInsertRowid,
      ),
    );
    const r = a.verify();
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`Eviction step #${seq} (stage-1) was left unfinished (intent) by an interrupted sweep. (repairable)`);
    const repaired = a.verify('--repair');
    expect(repaired.stdout).toContain('Finished or rolled back 1 interrupted eviction step(s).');
    expect(repaired.code).toBe(0);
    expect(a.sql('index.db', (db) => db.prepare('SELECT status FROM retention_ledger WHERE seq = ?').pluck().get(seq))).toBe('rolled-back');
    expect(existsSync(path.join(a.root, a.row.blob_path))).toBe(true);
  });

  it('names a source cursor past the end of its file, and forgets it with --repair', () => {
    const a = archive();
    const source = FILES[0];
    const size = readFileSync(source).length;
    a.sql('index.db', (db) => db.prepare('UPDATE sources SET read_offset = ? WHERE path = ?').run(size + 100, source));
    const r = a.verify();
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`The cursor of ${source} is at byte ${size + 100}, past the end of the file (${size} bytes)`);
    const repaired = a.verify('--repair');
    expect(repaired.stdout).toContain(`Forgot the cursor of ${source}; the next sync reads it from its start`);
    expect(repaired.code).toBe(0);
    // Read again from its start, the file's conversation is kept as it was.
    expect(dejavu(['import', source], a.env).code).toBe(0);
    expect(a.sql('index.db', (db) => db.prepare('SELECT message_count FROM conversations WHERE id = ?').pluck().get(a.row.id))).toBe(a.row.message_count);
    expect(a.verify().code).toBe(0);
  });

  it('repairs every repairable damage at once and records the check for the app', () => {
    const a = archive();
    a.sql('index.db', (db) => {
      // Warnings are no fact a revision is known by: with the digests gone too, this is still a count to correct.
      db.prepare('UPDATE conversations SET warning_count = warning_count + 5 WHERE id = ?').run(a.row.id);
      db.prepare('DELETE FROM digests').run();
    });
    a.sql('search.db', (db) => db.prepare('DELETE FROM indexed WHERE seq = ?').run(a.row.seq));
    const before = a.report();
    expect(before.code).toBe(1);
    expect(before.report.consistent).toBe(false);
    expect(before.report.groups.find((g) => g.conversationId === a.row.id)?.problems.map((p) => p.kind).sort()).toEqual(['counts', 'digest', 'search']);
    expect(before.report.groups.every((g) => g.problems.every((p) => p.repairable))).toBe(true);
    const lastCheck = () => JSON.parse(a.sql('index.db', (db) => db.prepare("SELECT value FROM settings WHERE key = 'verify.last-check'").pluck().get() as string)) as IntegrityCheck;
    expect(lastCheck()).toMatchObject({ consistent: false, problems: before.report.problems, repaired: 0, conversations: 4, blobFiles: 4 });

    const after = a.report('--repair');
    expect(after.code).toBe(0);
    expect(after.report.consistent).toBe(true);
    expect(after.report.groups).toEqual([]);
    expect(after.report.repaired?.length).toBeGreaterThan(0);
    expect(lastCheck()).toMatchObject({ at: after.report.checkedAt, consistent: true, problems: 0, repaired: before.report.problems });
  });

  it('is answered by the service the app reads: none before the first check, then the last one', async () => {
    const a = archive();
    const ask = async () => {
      const service = new ArchiveService({ root: a.root, sources: [] });
      try {
        const r = await service.handle('dejavu:integrity', {});
        if (!r.ok) throw new Error(r.error.message);
        return r.value;
      } finally {
        service.close();
      }
    };
    expect(await ask()).toBeNull();
    const r = a.report();
    expect(await ask()).toEqual({ at: r.report.checkedAt, consistent: true, problems: 0, repaired: 0, conversations: 4, blobFiles: 4 });
  });
});

describe('dejavu verify: a blob replaced by another revision of its conversation', () => {
  it('names it per conversation, and --repair describes the row by the copy and has the next sync read the source again', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dejavu-verify-revision-'));
    const home = path.join(dir, 'home');
    const env = { HOME: home, DEJAVU_HOME: path.join(dir, 'archive') };
    const rowNow = () => {
      const db = new Database(path.join(env.DEJAVU_HOME, 'index.db'), { readonly: true });
      try {
        return db.prepare('SELECT id, blob_path, message_count, prompt_count, revision FROM conversations').get() as Row & { prompt_count: number };
      } finally {
        db.close();
      }
    };
    const found = (word: string) => (JSON.parse(dejavu(['search', word, '--json'], env).stdout) as { conversation: { id: string } }[]).map((h) => h.conversation.id);
    const [file] = buildMarkedHome(home, 1);
    expect(dejavu(['sync'], env).code).toBe(0);
    const first = rowNow();
    const earlier = readFileSync(path.join(env.DEJAVU_HOME, first.blob_path));
    const added = markerWord('revision', 1);
    appendPrompt(file, added);
    expect(dejavu(['sync'], env).code).toBe(0);
    const grown = rowNow();
    expect([grown.message_count, grown.prompt_count, grown.revision]).toEqual([first.message_count + 1, first.prompt_count + 1, first.revision + 1]);
    // The blob of revision 1 put back in place of revision 2's (a backup restored over it, say).
    writeFileSync(path.join(env.DEJAVU_HOME, grown.blob_path), earlier);

    const r = dejavu(['verify'], env);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`Conversation ${grown.id}`);
    expect(r.stdout).toContain(
      `Its archived copy ${grown.blob_path} is not revision ${grown.revision}, which its index row describes (messages: the row says ${grown.message_count}, the copy holds ${first.message_count}; prompts: the row says ${grown.prompt_count}, the copy holds ${first.prompt_count}). What only the row counts is not in the archive; its source files may still hold it. (repairable)`,
    );
    const json = JSON.parse(dejavu(['verify', '--json'], env).stdout) as IntegrityReport;
    expect(json.groups.find((g) => g.conversationId === grown.id)?.problems.filter((p) => p.kind === 'revision').map((p) => p.repairable)).toEqual([true]);

    const repaired = dejavu(['verify', '--repair'], env);
    expect(repaired.stdout).toContain(
      'Described 1 conversation(s) by the revision their archived copy holds, and forgot the cursors of 1 source file(s): the next sync reads them from their start and adds back what they still hold.',
    );
    expect(repaired.stdout).toContain('The archive is consistent.');
    expect(repaired.code).toBe(0);
    expect(rowNow()).toMatchObject({ message_count: first.message_count, revision: grown.revision + 1 });
    expect(found(added)).toEqual([]);

    // The source still holds the prompt the copy lost: the next sync brings it back.
    expect(dejavu(['sync'], env).code).toBe(0);
    expect(rowNow()).toMatchObject({ message_count: grown.message_count, prompt_count: grown.prompt_count });
    expect(found(added)).toEqual([grown.id]);
    expect(dejavu(['verify'], env).code).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });
});
