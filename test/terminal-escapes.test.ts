/**
 * Transcripts hold whatever agents and tools printed, escape sequences included. The CLI shows
 * them to a person with every control character visible, never sent raw to the terminal.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../shared/record';
import { CLI, dejavu, dejavuJson } from './cli';
import { FIXTURES_DIR, REPO_ROOT } from './fixtures';

const FIXTURE = path.join(FIXTURES_DIR, 'claude-code', 'entireio__cli', 'entire_checkpoints_v1', '4c', '02af2759b6', '0', 'full.jsonl');
/** A clipboard write (OSC 52), a window title, a screen clear, a one-character C1 CSI, a bidi override. */
const CLIPBOARD = '\x1b]52;c;cHduZWQ=\x07';
const TITLE = '\x1b]0;pwned\x07';
const CLEAR = '\x1b[2J';
const C1_CSI = '\u009b31m';
const BIDI = '\u202e';
/** Anything a terminal would act on: C0 but \t and \n, DEL, C1, bidi overrides. */
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** util-linux `script`, which runs a command on a pseudo-terminal. */
const HAS_TERMINAL = spawnSync('script', ['--version']).status === 0;

describe('control characters from transcripts', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-escapes-'));
  const env = { DEJAVU_HOME: path.join(work, 'archive'), HOME: path.join(work, 'home') };
  let id = '';

  beforeAll(() => {
    // The real session, with escapes injected into its first prompt (the title) and its first answer.
    let answered = false;
    const lines = readFileSync(FIXTURE, 'utf8').split('\n').map((line) => {
      if (!line.trim()) return line;
      const record = JSON.parse(line);
      if (record.type === 'user' && typeof record.message?.content === 'string') record.message.content = `zebraquux prompt ${CLIPBOARD}${C1_CSI} red ${BIDI}txet`;
      const text = record.type === 'assistant' ? record.message.content.find((c: { type: string }) => c.type === 'text') : undefined;
      if (text && !answered) {
        text.text = `${CLEAR}zebraquux answer ${TITLE}`;
        answered = true;
      }
      return JSON.stringify(record);
    });
    const session = path.join(work, 'session.jsonl');
    writeFileSync(session, lines.join('\n'));
    const report = dejavuJson<{ created: string[] }>(['import', '--agent', 'claude-code', session], env);
    id = report.created[0];
  });

  function expectVisible(out: string) {
    expect(out).not.toMatch(RAW_CONTROL);
    expect(out).toContain('␛]52;c;cHduZWQ=␇');
    expect(out).toContain('<U+009B>31m');
    expect(out).toContain('<U+202E>txet');
  }

  /** The CLI with a pseudo-terminal (util-linux `script`) as its stdout. */
  function onTerminal(args: readonly string[]): string {
    const command = [process.execPath, CLI, ...args].map((a) => `'${a}'`).join(' ');
    const r = spawnSync('script', ['-qec', command, '/dev/null'], { cwd: REPO_ROOT, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 30_000 });
    if (r.error) throw r.error;
    expect(r.status).toBe(0);
    return r.stdout.replace(/\r\n/g, '\n');
  }

  // Skipped, and so reported, where there is no `script` to make a terminal: never passed without running.
  it.skipIf(!HAS_TERMINAL)('show on a terminal prints the transcript with escapes visible, not obeyed', () => {
    const shown = onTerminal(['show', id]);
    expectVisible(shown);
    expect(shown).toContain('␛[2Jzebraquux answer ␛]0;pwned␇');
  });

  it('list and search show titles and snippets with escapes visible', () => {
    const list = dejavu(['list'], env);
    expect(list.stdout).not.toMatch(RAW_CONTROL);
    expect(list.stdout).toContain('zebraquux prompt ␛]52;c;cHduZWQ=␇<U+009B>31m');
    // A search answers each conversation once, with its best hit: one for the prompt, one for the answer.
    const prompt = dejavu(['search', 'zebraquux prompt'], env);
    expect(prompt.code).toBe(0);
    expect(prompt.stdout).not.toMatch(RAW_CONTROL);
    expect(prompt.stdout).toContain('␛]52;c;');
    const answer = dejavu(['search', '"zebraquux answer"'], env);
    expect(answer.stdout).not.toMatch(RAW_CONTROL);
    expect(answer.stdout).toContain('␛[2J');
  });

  it('JSON escapes every control character and parses back to the very same text', () => {
    for (const args of [['show', id, '--json'], ['export', id, '--format', 'json', '-o', '-']]) {
      const r = dejavu(args, env);
      expect(r.stdout).not.toMatch(RAW_CONTROL);
      expect(r.stdout).toContain('\\u009b31m');
      const c = JSON.parse(r.stdout) as Conversation;
      expect(JSON.stringify(c.messages)).toContain(JSON.stringify(`zebraquux prompt ${CLIPBOARD}${C1_CSI} red ${BIDI}txet`).slice(1, -1));
    }
  });

  it('show and export into a pipe are data, verbatim', () => {
    const piped = dejavu(['export', id, '-o', '-'], env);
    expect(piped.stdout).toContain(CLIPBOARD + C1_CSI);
    expect(dejavu(['show', id], env).stdout).toBe(piped.stdout);
  });

  it.skipIf(!HAS_TERMINAL)('export to a terminal shows the escapes', () => {
    expectVisible(onTerminal(['export', id, '-o', '-']));
  });

  it('error messages quoting a path show its escapes', () => {
    const r = dejavu(['import', path.join(work, `missing${CLEAR}${TITLE}.jsonl`)], env);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(RAW_CONTROL);
    expect(r.stderr).toContain(`missing␛[2J␛]0;pwned␇.jsonl`);
  });
});
