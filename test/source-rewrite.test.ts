/**
 * The archive only grows: when an agent truncates, rewinds or rewrites a session file, what
 * was archived from it stays (marked as an earlier revision), the rewrite is recorded on the
 * conversation and said by `sync`, and a file that only grew is read exactly as a fresh sync.
 */
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../shared/record';
import { dejavu, dejavuJson } from './cli';
import { FIXTURES_DIR } from './fixtures';

const CODEX_FIXTURE = path.join(FIXTURES_DIR, 'codex/EntityProcess__agentv/entire_checkpoints_v1/3c/162d1d8ad4/1/full.jsonl');
const CLAUDE_FIXTURE = path.join(FIXTURES_DIR, 'claude-code/d-kimuson__claude-code-viewer');
const GEMINI_FIXTURE = path.join(FIXTURES_DIR, 'gemini-cli/Mai0313__VibeCodingTracker/blob_7a866e83a3/examples/test_conversation_gemini.json');

interface Listed {
  id: string;
  parentId?: string;
  sourcePath: string;
}
interface Report {
  rewritten: { conversationId: string; path: string; how: string; kept: number }[];
}

function scratch(): { home: string; env: Record<string, string> } {
  const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-rewrite-'));
  const home = path.join(work, 'home');
  return { home, env: { HOME: home, DEJAVU_HOME: path.join(work, 'archive') } };
}

/** A Codex rollout where Codex writes it. */
function placeCodex(home: string, text: string): string {
  const target = path.join(home, '.codex', 'sessions', '2026', '01', '02', 'rollout-2026-01-02T03-04-05-0199aaaa-bbbb-7ccc-8ddd-eeeeffff0000.jsonl');
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, text);
  return target;
}

function mainConversation(env: Record<string, string>, sourcePath: string): Conversation {
  const listed = dejavuJson<Listed[]>(['list'], env).filter((c) => c.sourcePath === sourcePath && !c.parentId);
  expect(listed).toHaveLength(1);
  return dejavuJson<Conversation>(['show', listed[0].id], env);
}

const textOf = (m: Message) => m.parts.map((p) => ('content' in p ? p.content : 'response' in p ? p.response : 'arguments' in p ? p.arguments : '')).join('\n');
const prompts = (c: Conversation) => c.messages.filter((m) => m.role === 'user').map(textOf);
const answers = (c: Conversation) => c.messages.filter((m) => m.role === 'assistant').map(textOf);

function syncOk(env: Record<string, string>): Report & { stdout: string } {
  const json = dejavu(['sync', '--json', '--no-evict'], env);
  expect(json.stderr).toBe('');
  expect(json.code).toBe(0);
  return { ...(JSON.parse(json.stdout) as Report), stdout: json.stdout };
}

/** Lines of a JSONL file, each with its newline. */
function linesOf(file: string): string[] {
  return readFileSync(file, 'utf8').split(/(?<=\n)/);
}

describe('a source that shrinks or is rewritten', () => {
  it('keeps every message of a truncated file, marked, records the rewrite and says so', () => {
    const { home, env } = scratch();
    const lines = linesOf(CODEX_FIXTURE);
    const file = placeCodex(home, lines.join(''));
    syncOk(env);
    const before = mainConversation(env, file);
    expect(prompts(before).length).toBeGreaterThan(3);

    writeFileSync(file, lines.slice(0, Math.floor(lines.length / 3)).join(''));
    const report = syncOk(env);
    expect(report.rewritten).toHaveLength(1);
    expect(report.rewritten[0]).toMatchObject({ conversationId: before.id, path: file, how: 'shrank' });
    const human = dejavu(['sync', '--no-evict'], env); // nothing new: says nothing of a rewrite again
    expect(human.stdout).not.toMatch(/kept/);

    const after = mainConversation(env, file);
    expect(prompts(after)).toEqual(prompts(before));
    expect(answers(after)).toEqual(answers(before));
    expect(after.messages).toHaveLength(before.messages.length);
    const superseded = after.messages.filter((m) => m.supersededAt);
    expect(superseded.length).toBe(report.rewritten[0].kept);
    expect(superseded.length).toBeGreaterThan(before.messages.length / 2);
    expect(after.rewrites).toEqual([expect.objectContaining({ path: file, how: 'shrank', kept: superseded.length })]);
    // What only the cut part held is still found by search.
    const lastPrompt = prompts(before).at(-1)!;
    const words = lastPrompt.split(/\s+/).filter((w) => /^[A-Za-z]{6,}$/.test(w)).slice(0, 2);
    expect(words.length).toBeGreaterThan(0);
    const hits = dejavuJson<{ conversation: { id: string } }[]>(['search', ...words], env);
    expect(hits.some((h) => h.conversation.id === before.id)).toBe(true);
  });

  it('says it in the human summary of the sync that noticed', () => {
    const { home, env } = scratch();
    const lines = linesOf(CODEX_FIXTURE);
    const file = placeCodex(home, lines.join(''));
    syncOk(env);
    writeFileSync(file, lines.slice(0, 40).join(''));
    const human = dejavu(['sync', '--no-evict'], env);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(new RegExp(`kept \\d+ message\\(s\\) of \\S+ that ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} no longer holds \\(the file shrank`));
  });

  it('keeps both versions of a prompt the file rewrote in place', () => {
    const { home, env } = scratch();
    const source = readFileSync(path.join(CLAUDE_FIXTURE, 'mock-global-claude-dir/projects/sample-project/fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl'), 'utf8');
    const target = path.join(home, '.claude', 'projects', '-work-viewer', 'session.jsonl');
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, source);
    syncOk(env);
    const before = mainConversation(env, target);
    const original = prompts(before)[0];
    expect(original.length).toBeGreaterThan(5);

    // The agent rewrites a word of the first prompt (as an edit-and-resend does), same record ids.
    const word = original.match(/[A-Za-z]{5,}/g)!.at(-1)!;
    let done = false;
    const edited = source.split('\n').map((line) => {
      const at = line.indexOf(word, line.indexOf('"content"'));
      if (done || !line.includes('"type":"user"') || line.indexOf('"content"') === -1 || at === -1) return line;
      done = true;
      return `${line.slice(0, at)}REWRITTEN${line.slice(at + word.length)}`;
    });
    const rewritten = original.replace(word, 'REWRITTEN');
    writeFileSync(target, edited.join('\n'));
    const report = syncOk(env);
    expect(report.rewritten).toEqual([expect.objectContaining({ conversationId: before.id, how: 'rewritten', kept: 1 })]);
    const after = mainConversation(env, target);
    const old = after.messages.find((m) => m.role === 'user' && textOf(m) === original)!;
    expect(old.supersededAt).toBeTruthy();
    const fresh = after.messages.find((m) => m.role === 'user' && textOf(m) === rewritten)!;
    expect(fresh.supersededAt).toBeUndefined();
    expect(new Set(after.messages.map((m) => m.id)).size).toBe(after.messages.length);
    expect(after.messages.indexOf(old)).toBeLessThan(after.messages.length);
  });

  it('keeps the turns a Gemini rewind cut from its JSON session', () => {
    const { home, env } = scratch();
    const session = JSON.parse(readFileSync(GEMINI_FIXTURE, 'utf8')) as { messages: unknown[] };
    const target = path.join(home, '.gemini', 'tmp', 'a'.repeat(64), 'chats', 'session-2026-01-02T03-04-aaaa.json');
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(GEMINI_FIXTURE, target);
    syncOk(env);
    const before = mainConversation(env, target);
    expect(before.messages.length).toBeGreaterThan(2);

    writeFileSync(target, JSON.stringify({ ...session, messages: session.messages.slice(0, 1) }, null, 2));
    const report = syncOk(env);
    expect(report.rewritten).toHaveLength(1);
    const after = mainConversation(env, target);
    expect(after.messages.map(textOf)).toEqual(before.messages.map(textOf));
    expect(after.messages.filter((m) => m.supersededAt)).toHaveLength(before.messages.length - 1);
  });

  it('reads a file that only grew exactly as a fresh sync does, with no rewrite', () => {
    const lines = linesOf(CODEX_FIXTURE);
    const half = Math.floor(lines.length / 2);
    const grown = scratch();
    const file = placeCodex(grown.home, lines.slice(0, half).join(''));
    syncOk(grown.env);
    appendFileSync(file, lines.slice(half).join(''));
    expect(syncOk(grown.env).rewritten).toEqual([]);

    const whole = scratch();
    placeCodex(whole.home, lines.join(''));
    syncOk(whole.env);
    const a = mainConversation(grown.env, file);
    const b = mainConversation(whole.env, file.replace(grown.home, whole.home));
    expect(a.rewrites).toBeUndefined();
    expect(a.messages).toEqual(b.messages);
  });

  it('drops an earlier revision once the file holds it again, so nothing shows twice', () => {
    const { home, env } = scratch();
    const lines = linesOf(CODEX_FIXTURE);
    const file = placeCodex(home, lines.join(''));
    syncOk(env);
    const before = mainConversation(env, file);
    writeFileSync(file, lines.slice(0, 30).join(''));
    syncOk(env);
    writeFileSync(file, lines.join(''));
    syncOk(env);
    const after = mainConversation(env, file);
    expect(after.messages.map(textOf)).toEqual(before.messages.map(textOf));
    expect(after.messages.filter((m) => m.supersededAt)).toEqual([]);
    expect(after.rewrites).toHaveLength(1); // the record of what happened stays
  });
});
