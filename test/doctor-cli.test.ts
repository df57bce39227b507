/**
 * `dejavu doctor` on a home laid out as the agents write it (real fixtures), after a sync: one
 * Claude Code transcript sits where no provider looks, so the census names it and fails; the
 * counts, versions (newest first), an unknown record type and a stray file are what the home holds.
 */
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DoctorReport } from '../shared/doctor';
import { dejavu, dejavuJson } from './cli';
import { layOut } from './home-layout';
import { readProvenance } from './provenance';

const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-doctor-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// Three small Claude Code sessions of three versions (2.0.74, 2.1.4, 2.1.38) and one Codex rollout.
const CLAUDE = ['c9/883595c929', '4c/02af2759b6', '2e/fe8efde590'];
const rows = readProvenance();
const claude = rows.filter((r) => r.agentSection === 'claude-code' && CLAUDE.some((c) => r.file.includes(c)));
const codex = rows.filter((r) => r.agentSection === 'codex').slice(0, 1);

const home = path.join(work, 'home');
const env = { HOME: home, DEJAVU_HOME: path.join(work, 'archive') };
const placed = layOut(home, [...claude, ...codex]);
const [first, second] = claude.map((r) => placed.get(r)!);
// A record type Claude Code has not written yet, in two sessions, on their last line.
const probeLine = (file: string) => {
  const ends = readFileSync(file, 'utf8').endsWith('\n');
  appendFileSync(file, `${ends ? '' : '\n'}${JSON.stringify({ type: 'x-doctor-probe', uuid: `probe-${path.basename(file)}`, timestamp: '2026-11-01T00:00:00.000Z' })}\n`);
  return `${file}:${readFileSync(file, 'utf8').trimEnd().split('\n').length}`;
};
const probes = [probeLine(first), probeLine(second)];
// A transcript in a place of Claude Code's folder no provider looks in (a layout of tomorrow).
const stray = path.join(home, '.claude', 'projects', '-home-me-p1', 'drafts', '2026', 'stray-session.jsonl');
mkdirSync(path.dirname(stray), { recursive: true });
copyFileSync(claude[0].absPath, stray);
// And a file in Codex's sessions folder that is no session at all.
const notes = path.join(home, '.codex', 'sessions', '2026', 'notes.txt');
writeFileSync(notes, 'not a session\n');

describe('dejavu doctor', () => {
  it('names the session file nothing reads, fails, and counts what the home and the archive hold', () => {
    expect(dejavu(['sync', '--no-evict'], env).code).toBe(0);

    const text = dejavu(['doctor'], env);
    expect(text.code).toBe(1);
    expect(text.stderr).toBe('');
    expect(text.stdout).toContain(`1 session file(s) nothing reads:\n    ${stray}\n`);
    expect(text.stdout).toContain('1 session file(s) in Claude Code home(s) are read by nothing: they are not being archived');
    expect(text.stdout).toContain(`unknown record type: x-doctor-probe in 2 session(s), e.g. `);

    const r = JSON.parse(dejavu(['doctor', '--json'], env).stdout) as DoctorReport;
    const listed = dejavuJson<{ agent: string; agentVersion?: string }[]>(['list', '--limit', '1000'], env);
    const cc = r.agents.find((a) => a.agent === 'claude-code')!;
    expect(r.unreadSessionFiles).toBe(1);
    expect(cc.unreadSessionFiles).toEqual([stray]);
    expect(cc.homes).toEqual([{ path: home, instance: 'host', folders: [path.join(home, '.claude', 'projects')] }]);
    expect(cc.sessionFiles).toBe(claude.length);
    expect(cc.archived).toBe(listed.filter((c) => c.agent === 'claude-code').length);
    expect(cc.versions.map((v) => v.version)).toEqual(['2.1.38', '2.1.4', '2.0.74']);
    expect(cc.versions.reduce((n, v) => n + v.sessions, 0)).toBe(listed.filter((c) => c.agent === 'claude-code' && c.agentVersion).length);
    expect(cc.unknownTypes).toHaveLength(1);
    expect(cc.unknownTypes[0]).toMatchObject({ type: 'x-doctor-probe', sessions: 2 });
    expect(probes).toContain(cc.unknownTypes[0].example);
    expect(cc.warnings).toEqual([]);

    const cx = r.agents.find((a) => a.agent === 'codex')!;
    expect(cx).toMatchObject({ sessionFiles: 1, archived: 1, unreadSessionFiles: [], otherFiles: [{ extension: '.txt', count: 1, example: notes }] });
    expect(r.agents.find((a) => a.agent === 'gemini-cli')).toMatchObject({ homes: [], sessionFiles: 0, archived: 0 });
  });

  it('passes once every session file is read, and says so', () => {
    rmSync(stray);
    const text = dejavu(['doctor'], env);
    expect(text.stdout).toContain('Every session file in the agent homes is read.');
    expect(text.code).toBe(0);
  });
});
