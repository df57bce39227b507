/** Helpers every provider's tests share. */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { Conversation, Message, Part } from '../shared/record';
import { fileParseContext } from '../main/core/capture/parse-context';
import type { Provider } from '../main/core/providers/kit/provider';
import { provenanceFor, type FixtureFacts } from './provenance';

/** Every file under a folder (the fixtures tree, a temp home). */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** The parts of a conversation's messages, of one role or all. */
export function parts(c: Conversation, role?: Message['role']): Part[] {
  return c.messages.filter((m) => role === undefined || m.role === role).flatMap((m) => m.parts);
}

/** The three facts PROVENANCE.md counts, as the provider tests compare them. */
export function counts(c: Conversation) {
  return {
    typed: c.messages.filter((m) => m.role === 'user').length,
    texts: parts(c, 'assistant').filter((p) => p.type === 'text' && p.content.trim() !== '').length,
    calls: parts(c, 'assistant').filter((p) => p.type === 'tool_call').length,
  };
}

/**
 * What a provider's own test file starts from: its PROVENANCE rows, a temp folder removed after
 * the file, and parsing through the real ParseContext (the one `sync` uses).
 */
export function providerUnderTest(provider: Provider) {
  const rows = provenanceFor(provider.agent);
  const tmp = mkdtempSync(path.join(os.tmpdir(), `dejavu-${provider.agent}-`));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  const parseAll = (file: string): Promise<Conversation[]> => provider.parse(fileParseContext(file));
  return {
    rows,
    tmp,
    parseAll,
    row(n: number): FixtureFacts {
      const found = rows.find((r) => r.n === n);
      if (!found) throw new Error(`PROVENANCE has no ${provider.agent} row #${n}`);
      return found;
    },
    /** The file's first conversation; with `count`, the file must hold exactly that many. */
    async parseMain(file: string, count?: number): Promise<Conversation> {
      const conversations = await parseAll(file);
      if (count === undefined) expect(conversations.length).toBeGreaterThan(0);
      else expect(conversations.length).toBe(count);
      return conversations[0];
    },
  };
}

/**
 * One test per PROVENANCE row, for the rules an agent adds to the conformance suite's counted
 * facts (which every row already passes there), after checking the rows are all there.
 */
export function eachRow(rows: readonly FixtureFacts[], expected: { exactly: number } | { atLeast: number }, title: string, check: (row: FixtureFacts) => Promise<void> | void): void {
  it(`${title}: has its PROVENANCE rows`, () => {
    if ('exactly' in expected) expect(rows.length).toBe(expected.exactly);
    else expect(rows.length).toBeGreaterThanOrEqual(expected.atLeast);
  });
  it.each(rows.map((r) => [`#${r.n} ${r.file}`, r] as const))(`${title}: %s`, (_name, r) => check(r));
}

/** Writes a file, making its folders first; returns its path. */
export function writeFileIn(file: string, text: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

/** The text parts of a message, joined (by `separator`, with `textJoinedBy`). */
export function textOf(m: Message): string {
  return textJoinedBy(m, '');
}

export function textJoinedBy(m: Message, separator: string): string {
  return m.parts.map((p) => (p.type === 'text' ? p.content : '')).join(separator);
}

/** A PROVENANCE row's facts in the shape `counts` returns. */
export function countedFacts(row: FixtureFacts) {
  return { typed: row.prompts, texts: row.assistantTexts, calls: row.toolCalls };
}

/** Every tool result part of a conversation. */
export function toolResults(c: Conversation) {
  return c.messages.flatMap((m) => m.parts.flatMap((p) => (p.type === 'tool_call_response' ? [p] : [])));
}

/**
 * The invariant every provider keeps: call ids are unique in a conversation, and every tool
 * result is in a `tool` message and answers a call of the same conversation.
 */
export function expectToolResultsJoined(c: Conversation): void {
  const calls = c.messages.flatMap((m) => m.parts.flatMap((p) => (p.type === 'tool_call' ? [p.id] : [])));
  expect(new Set(calls).size, `${c.id}: a call id twice`).toBe(calls.length);
  for (const m of c.messages) {
    for (const p of m.parts) {
      if (p.type !== 'tool_call_response') continue;
      expect(m.role, `${c.id} ${m.id}`).toBe('tool');
      expect(calls, `${c.id} ${m.id}: result without its call`).toContain(p.id);
    }
  }
}

/**
 * Every message of a conversation parsed from `file` has an id of its own and points at its
 * source file and its native record (a message derived from another record, id `<record>#…`,
 * may share that record's).
 */
export function expectMessagesKept(c: Conversation, file: string): void {
  expect(c.sources[0]).toBe(file);
  expect(new Set(c.messages.map((m) => m.id)).size, `${c.id}: a message id twice`).toBe(c.messages.length);
  for (const m of c.messages) {
    expect(m.source, m.id).toBe(0);
    expect((m.native?.length ?? 0) > 0 || m.id.includes('#'), `${c.id} ${m.id}: no native record`).toBe(true);
  }
}
