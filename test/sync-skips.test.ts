/**
 * Nothing is passed over without a word: a sync or import names every folder it could not read,
 * every credential-like file it did not open and every link loop it cut, follows symbolic
 * links to session files and folders, and no longer hides session files whose name holds
 * `token` or `secret`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from './cli';
import { FIXTURES_DIR, REPO_ROOT } from './fixtures';

const CLAUDE_A = path.join(FIXTURES_DIR, 'claude-code', 'entireio__cli', 'entire_checkpoints_v1', '4c', '02af2759b6', '0', 'full.jsonl');
const CLAUDE_B = path.join(FIXTURES_DIR, 'claude-code', 'entireio__cli', 'entire_checkpoints_v1', 'c9', '883595c929', '0', 'full.jsonl');
const CODEX = path.join(FIXTURES_DIR, 'codex', 'entireio__skills', 'entire_checkpoints_v1', '01', 'da544acf74', '0', 'full.jsonl');

interface Report {
  read: number;
  errors: unknown[];
  skipped: { path: string; reason: string }[];
  unrecognized?: string[];
}
interface Listed {
  sourcePath: string;
  parentId?: string;
}

/** The real CLI, bounded: a reader stuck on a named pipe fails the test instead of hanging it. */
function run(args: readonly string[], env: Record<string, string>, asUser: readonly string[] = []) {
  const [command, ...prefix] = [...asUser, process.execPath];
  const r = spawnSync(command, [...prefix, CLI, ...args], { cwd: REPO_ROOT, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 30_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, timedOut: r.error !== undefined };
}

function json<T>(args: readonly string[], env: Record<string, string>, asUser: readonly string[] = []): T {
  const r = run([...args, '--json'], env, asUser);
  if (r.code !== 0) throw new Error(`dejavu ${args.join(' ')} failed (${r.timedOut ? 'timed out' : r.code}): ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

function put(file: string, fixture: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  copyFileSync(fixture, file);
  return file;
}

function fifo(file: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  execFileSync('mkfifo', [file]);
  return file;
}

describe('sync and import name what they pass over', () => {
  it('follows symbolic links to session files, cuts link loops, reads session files named like tokens, and names what it skipped', () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-skips-'));
    const home = path.join(work, 'home');
    const env = { DEJAVU_HOME: path.join(work, 'archive'), HOME: home };
    const projects = path.join(home, '.claude', 'projects');
    const plain = put(path.join(projects, '-work-secret-sauce', 'session.jsonl'), CLAUDE_A);
    // A session file kept on another disk and linked back into the agent's home.
    const elsewhere = put(path.join(work, 'other-disk', 'moved.jsonl'), CLAUDE_B);
    const linked = path.join(projects, '-work-linked', 'moved.jsonl');
    mkdirSync(path.dirname(linked), { recursive: true });
    symlinkSync(elsewhere, linked);
    // A link that looks like a session file but leads to a private key.
    writeFileSync(path.join(work, 'id_ed25519'), '-----BEGIN OPENSSH PRIVATE KEY----- zebrakey\n');
    const leak = path.join(projects, '-work-linked', 'leak.jsonl');
    symlinkSync(path.join(work, 'id_ed25519'), leak);
    const sessions = path.join(home, '.codex', 'sessions');
    const tokenNamed = put(path.join(sessions, '2025', '01', '01', 'rollout-2025-01-01T00-00-00-token-usage.jsonl'), CODEX);
    // A loop: sessions/2025/loop is sessions again.
    const loop = path.join(sessions, '2025', 'loop');
    symlinkSync(sessions, loop);
    // The agents' own credential files as named pipes: opening one would block.
    fifo(path.join(home, '.claude', '.credentials.json'));
    fifo(path.join(home, '.codex', 'auth.json'));

    const report = json<Report>(['sync'], env);
    expect(report.errors).toEqual([]);
    const sources = json<Listed[]>(['list'], env).filter((c) => !c.parentId).map((c) => c.sourcePath);
    expect(sources.sort()).toEqual([plain, linked, tokenNamed].sort());
    expect(report.skipped).toContainEqual({ path: leak, reason: `symbolic link to ${path.join(work, 'id_ed25519')}, named like a credential file: never opened` });
    expect(report.skipped).toContainEqual({ path: loop, reason: `symbolic link to ${sessions}, a folder already read: not read again` });
    expect(report.skipped).toHaveLength(2);
    expect(run(['search', 'zebrakey'], env).stdout).toContain('No matches');

    // Without --json, each skip is one line a person reads.
    const text = run(['sync', '--force'], env);
    expect(text.code).toBe(0);
    expect(text.stderr).toContain(`dejavu: skipped: ${loop} (symbolic link to ${sessions}, a folder already read: not read again)\n`);
    expect(text.stderr).toContain(`dejavu: skipped: ${leak} (symbolic link to ${path.join(work, 'id_ed25519')}, named like a credential file: never opened)\n`);
  });

  it('names a session folder it cannot read', () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-locked-'));
    const home = path.join(work, 'home');
    const readable = put(path.join(home, '.claude', 'projects', '-work-open', 'session.jsonl'), CLAUDE_A);
    const locked = path.join(home, '.claude', 'projects', '-work-locked');
    put(path.join(locked, 'session.jsonl'), CLAUDE_B);
    // Root reads every folder whatever its mode: run the CLI as nobody, with the work folder open to it.
    const asNobody = process.getuid?.() === 0 ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'] : [];
    execFileSync('chmod', ['-R', 'a+rwX', work]);
    chmodSync(locked, 0o000);
    const env = { DEJAVU_HOME: path.join(work, 'archive'), HOME: home };

    const report = json<Report>(['sync'], env, asNobody);
    expect(report.skipped).toEqual([{ path: locked, reason: 'unreadable folder: permission denied (EACCES)' }]);
    expect(json<Listed[]>(['list'], env, asNobody).filter((c) => !c.parentId).map((c) => c.sourcePath)).toEqual([readable]);
    const text = run(['sync'], env, asNobody);
    expect(text.stderr).toContain(`dejavu: skipped: ${locked} (unreadable folder: permission denied (EACCES))\n`);
  });

  it('names a session file it cannot read, exits 1, and archives the rest', () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-locked-file-'));
    const home = path.join(work, 'home');
    const readable = put(path.join(home, '.claude', 'projects', '-work-open', 'session.jsonl'), CLAUDE_A);
    const locked = put(path.join(home, '.claude', 'projects', '-work-open', 'locked.jsonl'), CLAUDE_B);
    // Root reads every file whatever its mode: run the CLI as nobody, with the work folder open to it.
    const asNobody = process.getuid?.() === 0 ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'] : [];
    execFileSync('chmod', ['-R', 'a+rwX', work]);
    chmodSync(locked, 0o000);
    const env = { DEJAVU_HOME: path.join(work, 'archive'), HOME: home };

    const because = 'permission denied (EACCES): it was not archived; let this user read it, then sync again';
    const report = run(['sync', '--json'], env, asNobody);
    expect(report.code).toBe(1);
    expect((JSON.parse(report.stdout) as { errors: unknown[] }).errors).toEqual([{ path: locked, message: because }]);
    expect(json<Listed[]>(['list'], env, asNobody).filter((c) => !c.parentId).map((c) => c.sourcePath)).toEqual([readable]);
    const text = run(['sync'], env, asNobody);
    expect(text.code).toBe(1);
    expect(text.stderr).toContain(`dejavu: could not read ${locked}: ${because}\n`);
  });

  it('never opens credential-named files when it detects session files by content, and names them', () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-sniff-'));
    const folder = path.join(work, 'exported');
    const session = put(path.join(folder, 'chat.jsonl'), CLAUDE_A);
    const names = ['auth-backup.json', 'auth.old.json', 'creds.json', 'my-credentials.json'];
    const secrets = names.map((n) => {
      const file = path.join(folder, 'backup', n);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, '{"api_key":"zebrasecret"}\n');
      return file;
    });
    const skippedAll = (files: string[]) => files.map((p) => ({ path: p, reason: 'named like a credential file: never opened' }));

    const synced = json<Report>(['sync', '--source', folder], { DEJAVU_HOME: path.join(work, 'a1'), HOME: path.join(work, 'empty') });
    expect(synced.read).toBe(1);
    expect(synced.skipped).toEqual(skippedAll(secrets));

    const env = { DEJAVU_HOME: path.join(work, 'a2'), HOME: path.join(work, 'empty') };
    const imported = json<Report>(['import', folder], env);
    expect(imported.read).toBe(1);
    // Sniffed files no agent wrote are "unrecognized": these were never opened to find out.
    expect(imported.unrecognized).toEqual([]);
    expect(imported.skipped).toEqual(skippedAll(secrets));
    expect(json<Listed[]>(['list'], env).filter((c) => !c.parentId).map((c) => c.sourcePath)).toEqual([session]);
    const text = run(['import', folder], env);
    for (const p of secrets) expect(text.stderr).toContain(`dejavu: skipped: ${p} (named like a credential file: never opened)\n`);

    // Named on the command line, as named pipes: opening one would block until the timeout.
    const pipes = ['auth-backup.json', 'creds.json'].map((n) => fifo(path.join(work, 'pipes', n)));
    const direct = run(['import', ...pipes, '--json'], env);
    expect(direct.timedOut).toBe(false);
    expect(direct.code).toBe(1); // nothing imported
    expect((JSON.parse(direct.stdout) as Report).skipped).toEqual(skippedAll(pipes));
  });
});
