/**
 * Hostile session files through the real CLI, each asserting what a person sees and that
 * everything else was kept: valid JSON of the wrong shape and unknown record types; session
 * ids and working folders with `../`, absolute paths, control characters and newlines (nothing
 * lands outside the archive: checked by listing it); a file truncated or rewritten while a sync
 * reads it; bytes that are not UTF-8 and lone surrogate escapes; one 100 MB line, kept whole
 * (peak RSS printed). Others are in test/deep-json*, encoding*,
 * cut-line-cli, sync-skips and source-rewrite tests.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../shared/record';
import type { IntegrityReport } from '../../shared/verify';
import { CLI, dejavu, dejavuJson } from '../cli';
import { random } from '../random';
import { conversationsWith, snapshot } from './archive-state';
import { runAndKill } from './kill';
import { markerWord } from './marked-corpus';

const TS = '2026-02-01T00:00:00.000Z';
/** `npm run stress` reads one 100 MB line; `npm test` one of 20 MB, to stay quick. */
const LINE_MB = Number(process.env.DEJAVU_STRESS_LINE_MB ?? 20);
const claudeUser = (sessionId: string, content: unknown, uuid: string, cwd = '/work/project') =>
  JSON.stringify({ parentUuid: null, isSidechain: false, userType: 'external', cwd, sessionId, version: '2.0.74', type: 'user', message: { role: 'user', content }, uuid, timestamp: TS });
const codexLine = (type: string, payload: unknown) => JSON.stringify({ timestamp: TS, type, payload });

function setup(name: string) {
  // One level down, so the folder around it is ours to list.
  const work = path.join(mkdtempSync(path.join(os.tmpdir(), `dejavu-hostile-${name}-`)), 'work');
  const home = path.join(work, 'home');
  mkdirSync(work);
  const claude = path.join(home, '.claude', 'projects', '-work-project');
  const codex = path.join(home, '.codex', 'sessions', '2026', '02', '01');
  mkdirSync(claude, { recursive: true });
  mkdirSync(codex, { recursive: true });
  const archive = path.join(work, 'archive');
  return { work, home, claude, codex, archive, env: { HOME: home, DEJAVU_HOME: archive } };
}

function exported(id: string, env: Record<string, string>): Conversation {
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'dejavu-hostile-export-')), 'c.json');
  const r = dejavu(['export', id, '--format', 'json', '--output', out], env);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(readFileSync(out, 'utf8')) as Conversation;
}

function verified(env: Record<string, string>): IntegrityReport {
  return JSON.parse(dejavu(['verify', '--json'], env).stdout) as IntegrityReport;
}

/** Every path under `dir`, relative. */
function listing(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

describe('hostile session files', () => {
  it('valid JSON of the wrong shape and unknown record types: kept raw, named, every prompt kept', () => {
    const { claude, codex, env } = setup('shape');
    const sid = '11111111-1111-4111-8111-111111111111';
    const lines = [
      claudeUser(sid, 'first prompt qzshape1qz', 'u1'),
      '[1,2,3]',
      '"a string"',
      '42',
      'null',
      JSON.stringify({ type: 'user', message: 'not an object qzshape2qz', sessionId: sid, uuid: 'u2', timestamp: TS }),
      JSON.stringify({ type: 'user', message: { role: 'user', content: { nested: 'qzshape3qz' } }, sessionId: sid, uuid: 'u3', timestamp: TS }),
      JSON.stringify({ type: 'assistant', message: { role: 'assistant', content: [{ type: 'never-seen-block', data: 'qzshape4qz' }] }, sessionId: sid, uuid: 'u4', timestamp: TS }),
      JSON.stringify({ type: 'mystery_record', payload: { note: 'qzshape5qz' } }),
      claudeUser(sid, 'second prompt qzshape6qz', 'u5'),
    ];
    writeFileSync(path.join(claude, `${sid}.jsonl`), `${lines.join('\n')}\n`);
    writeFileSync(
      path.join(codex, 'rollout-2026-02-01T00-00-00-22222222-2222-4222-8222-222222222222.jsonl'),
      `${[
        codexLine('session_meta', { id: '22222222-2222-4222-8222-222222222222', cwd: '/work/project' }),
        codexLine('response_item', 'a string where an object belongs qzshape7qz'),
        codexLine('event_msg', { type: 'brand_new_event', note: 'qzshape8qz' }),
        codexLine('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'codex prompt qzshape9qz' }] }),
      ].join('\n')}\n`,
    );
    const r = dejavu(['sync'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('2 new, 0 updated conversation(s)');
    expect(r.stdout).toMatch(/\d+ warning\(s\) about lines skipped or read in part \(see the conversations' warnings\)/);

    const c = exported(`claude-code_${sid}`, env);
    expect(c.warnings).toEqual([
      ...[2, 3, 4, 5].map((line) => ({ line, message: 'Line is not a JSON object; skipped' })),
      { line: 6, message: 'A user record in a shape Déjà Vu does not know, kept as its raw line' },
      { line: 7, message: 'A user record in a shape Déjà Vu does not know, kept as its raw line' },
      { line: 9, message: 'Unknown Claude Code record types kept as generic system messages: mystery_record' },
    ]);
    // Both typed prompts, and the odd records word for word.
    const texts = c.messages.map((m) => m.parts.map((p) => ('content' in p ? String(p.content) : '')).join(' '));
    for (const n of [1, 2, 3, 4, 5, 6]) expect(texts.filter((t) => t.includes(`qzshape${n}qz`)), `qzshape${n}qz`).toHaveLength(1);
    expect(c.messages.filter((m) => m.kind === 'unknown-shape').map((m) => m.parts[0])).toEqual([
      { type: 'generic', kind: 'user:unknown-shape', content: lines[5] },
      { type: 'generic', kind: 'user:unknown-shape', content: lines[6] },
    ]);

    const x = exported('codex_22222222-2222-4222-8222-222222222222', env);
    expect(x.warnings).toEqual([{ message: 'Unknown Codex record types kept as generic messages: event_msg:brand_new_event, response_item' }]);
    const found = conversationsWith(env.DEJAVU_HOME, ['qzshape7qz', 'qzshape8qz', 'qzshape9qz']);
    expect(Object.values(found)).toEqual([[x.id], [x.id], [x.id]]);
    expect(verified(env).consistent).toBe(true);
  });

  it('bytes that are not UTF-8 and escapes for half a character: named, kept as U+FFFD, and the archive alone holds every prompt', () => {
    const { claude, env } = setup('text');
    const sid = '33333333-3333-4333-8333-333333333333';
    const file = path.join(claude, `${sid}.jsonl`);
    // Line 1: bytes UTF-8 never uses inside the prompt. Line 2: a lone surrogate escape (short:
    // protobufjs once wrote those as bytes its own reader refused, the whole blob with them).
    const [before, after] = claudeUser(sid, 'bad BYTES here qztext1qz', 'u1').split('BYTES');
    const half = claudeUser(sid, 'half SURROGATE qztext2qz', 'u2').replace('SURROGATE', '\\ud800');
    writeFileSync(file, Buffer.concat([Buffer.from(before), Buffer.from([0xff, 0xc3, 0x28]), Buffer.from(`${after}\n${half}\n${claudeUser(sid, 'plain qztext3qz', 'u3')}\n`)]));
    const r = dejavu(['sync'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('2 warning(s) about lines skipped or read in part');
    rmSync(file); // the archive's copy is all there is now
    const c = exported(`claude-code_${sid}`, env);
    expect(c.warnings).toEqual([
      { line: 1, message: 'Bytes that are not UTF-8 in this line; each is kept as �' },
      { line: 2, message: 'A \\u escape for half a character (a lone surrogate) inside a JSON string; kept as �' },
    ]);
    const texts = c.messages.map((m) => m.parts.map((p) => ('content' in p ? String(p.content) : '')).join(' '));
    expect(texts).toEqual(['bad \ufffd\ufffd( here qztext1qz', 'half \ufffd qztext2qz', 'plain qztext3qz']);
    expect(Object.values(conversationsWith(env.DEJAVU_HOME, ['qztext1qz', 'qztext2qz', 'qztext3qz']))).toEqual([[c.id], [c.id], [c.id]]);
    expect(verified(env)).toMatchObject({ consistent: true });
  });

  it('session ids and folders with ../, absolute paths, control characters and newlines: nothing lands outside the archive', () => {
    const { work, claude, codex, archive, env } = setup('paths');
    const hostile: [string, string, string][] = [
      ['dots', '../../../../escape-claude', '/work/../../../etc'],
      ['absolute', '/etc/passwd', '../../outside\n'],
      ['control', 'ctl\u0007\u001b]0;title\u0007\nnewline\r', 'x\u001b[2J\u0000\tbad'],
      ['slashes', '..\\..\\windows\\system32', 'C:\\Windows\\..\\..'],
    ];
    hostile.forEach(([name, sid, cwd], i) => writeFileSync(path.join(claude, `${name}.jsonl`), `${claudeUser(sid, `prompt ${markerWord('path', i)}`, `p${i}`, cwd)}\n`));
    // A file name with a newline and an escape in it, too.
    writeFileSync(path.join(claude, 'evil\n\u001b[31m.jsonl'), `${claudeUser('../evil-name', `prompt ${markerWord('path', 4)}`, 'p4', '/work/project')}\n`);
    writeFileSync(path.join(codex, 'rollout-2026-02-01T00-00-00-..-..-escape.jsonl'), `${[codexLine('session_meta', { id: '../../../escape-codex', cwd: '/../../..\n' }), codexLine('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: `prompt ${markerWord('path', 5)}` }] })].join('\n')}\n`);
    const before = listing(work);
    const r = dejavu(['sync'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('6 new, 0 updated conversation(s)');

    // Everything new is inside the archive folder; nothing was written beside or above it.
    const added = listing(work).filter((p) => !before.includes(p));
    expect(added.filter((p) => p !== 'archive' && !p.startsWith(`archive${path.sep}`))).toEqual([]);
    expect(listing(path.dirname(work)).filter((p) => !p.startsWith('work'))).toEqual([]);
    // And every name inside it is plain: no control character, no dot-dot, no backslash.
    for (const p of listing(archive)) for (const part of p.split(path.sep)) expect(part, JSON.stringify(p)).toMatch(/^(?!\.\.?$)[^\u0000-\u001f\u007f\\]+$/);

    const listed = dejavuJson<{ id: string }[]>(['list'], env);
    expect(listed).toHaveLength(6);
    for (const { id } of listed) {
      expect(id, id).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*$/);
      expect(id).not.toContain('..');
    }
    const found = conversationsWith(archive, Array.from({ length: 6 }, (_, i) => markerWord('path', i)));
    expect(new Set(Object.values(found).map((ids) => (ids.length === 1 ? ids[0] : `${ids.length} hits`)))).toEqual(new Set(listed.map((c) => c.id)));
    expect(verified(env).consistent).toBe(true);
  });

  it('a file truncated or rewritten while a sync reads it: no crash, and the next sync keeps every version', async () => {
    const { claude, archive, env } = setup('moving');
    const sid = '33333333-3333-4333-8333-333333333333';
    const file = path.join(claude, `${sid}.jsonl`);
    const filler = 'lorem ipsum dolor sit amet '.repeat(80);
    const big = Array.from({ length: 2000 }, (_, i) => claudeUser(sid, `prompt ${i} ${i === 1999 ? 'qzlastqz' : ''} ${filler}`, `m${i}`)).join('\n') + '\n';
    writeFileSync(file, big);
    const timing = path.join(path.dirname(archive), 'timing');
    const started = Date.now();
    expect(dejavu(['sync'], { ...env, DEJAVU_HOME: timing }).code).toBe(0);
    const full = Date.now() - started;
    const rand = random(4242);
    for (const [round, change] of (['truncate', 'rewrite'] as const).entries()) {
      writeFileSync(file, big);
      const at = Math.floor(rand() * full);
      const cutAt = Math.floor(rand() * big.length);
      const replacement = `${claudeUser(sid, `rewritten ${markerWord('rewrite', round)}`, `r${round}`)}\n`;
      const run = await runAndKill(['sync'], env, 120_000, async () => {
        await new Promise((r) => setTimeout(r, at));
        if (change === 'truncate') truncateSync(file, cutAt);
        else writeFileSync(file, replacement);
      });
      const where = `round ${round}: ${change} after ${at} ms of a ${full} ms sync`;
      expect(run.killed, where).toBe(false);
      expect(run.code, `${where}: ${run.stderr}`).toBe(0);
      const again = dejavu(['sync', '--json'], env);
      expect(again.code, `${where}: ${again.stderr}`).toBe(0);
      expect(verified(env).groups, where).toEqual([]);
      // What the file holds now is archived; what was archived before stays.
      if (change === 'rewrite') expect(conversationsWith(archive, [markerWord('rewrite', round)])[markerWord('rewrite', round)], where).toEqual([`claude-code_${sid}`]);
      const settled = JSON.parse(dejavu(['sync', '--json'], env).stdout) as { created: unknown[]; updated: unknown[] };
      expect([settled.created.length, settled.updated.length], `${where}: a third sync has nothing left to do`).toEqual([0, 0]);
    }
    expect(snapshot(archive).conversations).toHaveLength(1);
    expect(conversationsWith(archive, ['qzlastqz']).qzlastqz).toEqual([`claude-code_${sid}`]);
  }, 240_000);

  it(`one ${LINE_MB} MB prompt between two others: all three kept, peak RSS printed`, () => {
    const mb = LINE_MB;
    const { claude, archive, env } = setup('long-line');
    const sid = '44444444-4444-4444-8444-444444444444';
    const file = path.join(claude, `${sid}.jsonl`);
    const word = 'abcdefghij '.repeat(Math.ceil((mb * 1024 * 1024) / 11)).slice(0, mb * 1024 * 1024);
    writeFileSync(file, `${claudeUser(sid, 'before qzbeforeqz', 'l1')}\n${claudeUser(sid, word, 'l2')}\n${claudeUser(sid, 'after qzafterqz', 'l3')}\n`);
    const size = statSync(file).size;
    const timeFile = path.join(path.dirname(archive), 'rss');
    const started = Date.now();
    const r = spawnSync('/usr/bin/time', ['-f', '%M', '-o', timeFile, process.execPath, CLI, 'sync'], { env: { ...process.env, ...env }, encoding: 'utf8' });
    const seconds = (Date.now() - started) / 1000;
    const peakMb = Number(readFileSync(timeFile, 'utf8').trim().split('\n').pop()) / 1024;
    console.log(`dejavu stress: one ${mb} MB line (${(size / 1024 / 1024).toFixed(0)} MB file): sync ${seconds.toFixed(1)} s, peak RSS ${peakMb.toFixed(0)} MB`);
    expect(r.status, r.stderr).toBe(0);
    const found = conversationsWith(archive, ['qzbeforeqz', 'qzafterqz']);
    expect(found).toEqual({ qzbeforeqz: [`claude-code_${sid}`], qzafterqz: [`claude-code_${sid}`] });
    // The long prompt is kept whole, between the other two.
    expect(snapshot(archive).conversations.map((c) => [c.message_count, c.prompt_count])).toEqual([[3, 3]]);
    expect(verified(env).consistent).toBe(true);
    rmSync(path.dirname(path.dirname(archive)), { recursive: true, force: true }); // 100 MB of source, more of archive
  }, 300_000);
});
