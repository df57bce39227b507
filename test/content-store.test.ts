/**
 * Large tool outputs and images kept once in the archive's content store (.content/), by the
 * real CLI on a real Codex session and a fork of it (the same session under a second id with
 * one more line, as `codex fork` or Claude Code's --fork-session leave): the shared output is
 * on disk once, both conversations read whole, eviction of one keeps the other's, verify finds
 * a deleted content file, and a blob written before the store existed still reads.
 */
import Database from 'better-sqlite3';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../shared/record';
import { framesOf } from '../main/core/archive/blob-container';
import { archiveContent, readBlob } from '../main/core/archive/blob-store';
import { ArchiveFormatError, decodeConversation } from '../main/core/archive/codec';
import { CONTENT_DIR, CONTENT_THRESHOLD } from '../main/core/archive/content-store';
import { dejavu, dejavuJson } from './cli';
import { FIXTURES_DIR } from './fixtures';

/** A Codex session with one tool output of 28 KB (the only one over the threshold). */
const PARENT = path.join(FIXTURES_DIR, 'codex/EntityProcess__agentv/entire_checkpoints_v1/a3/92ff332928/0/full.jsonl');
const PARENT_ID = '019ed836-b1da-78f1-8a0c-e598363d10f4';
const FORK_ID = '019ed836-ffff-7000-8000-00000000f0f0';

const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-content-'));
const parentFile = path.join(work, 'sessions', 'rollout-parent.jsonl');
const forkFile = path.join(work, 'sessions', 'rollout-fork.jsonl');

/** The large outputs of the fixture, as the session file holds them. */
function largeOutputs(file: string): string[] {
  const outputs: string[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const payload = (JSON.parse(line) as { payload?: { type?: string; output?: unknown } }).payload;
    if (typeof payload?.output === 'string' && Buffer.byteLength(payload.output) >= CONTENT_THRESHOLD) outputs.push(payload.output);
  }
  return outputs;
}

/** Every file of the archive, decompressed: blobs after their 5-byte header, content whole. */
function decompressedFiles(root: string): Buffer[] {
  const out: Buffer[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.pb')) out.push(Buffer.concat([...framesOf(readFileSync(p))]));
      else if (e.name.endsWith('.zst')) out.push(zlib.zstdDecompressSync(readFileSync(p)));
    }
  };
  walk(root);
  return out;
}

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

/** Bytes of the conversation records: blob files and stored content (not the SQLite files). */
function recordBytes(root: string): number {
  return filesUnder(root)
    .filter((f) => f.endsWith('.pb') || f.endsWith('.zst'))
    .reduce((n, f) => n + statSync(f).size, 0);
}

let copies = 0;
function importInto(...files: string[]) {
  const root = path.join(work, `archive-${(copies += 1)}`);
  const env = { DEJAVU_HOME: root };
  const r = dejavu(['import', ...files], env);
  expect(r.code, r.stderr).toBe(0);
  const ids = (dejavuJson<{ id: string; nativeId: string }[]>(['list', '--json'], env)).map((c) => ({ id: c.id, nativeId: c.nativeId }));
  const idOf = (nativeId: string) => ids.find((c) => c.nativeId === nativeId)?.id ?? '';
  const show = (nativeId: string) => dejavuJson<Conversation>(['show', idOf(nativeId), '--json', '--no-redact'], env);
  return { root, env, idOf, show };
}

/** The longest tool output of a conversation as `dejavu show` gives it. */
function longestResponse(c: Conversation): string {
  const responses = c.messages.flatMap((m) => m.parts).flatMap((p) => (p.type === 'tool_call_response' ? [p.response] : []));
  return responses.reduce((a, b) => (b.length > a.length ? b : a), '');
}

describe('content store', () => {
  let output: string;
  beforeAll(() => {
    mkdirSync(path.dirname(parentFile), { recursive: true });
    cpSync(PARENT, parentFile);
    const fork = readFileSync(PARENT, 'utf8').replaceAll(PARENT_ID, FORK_ID).trimEnd();
    const extra = { timestamp: '2026-06-18T01:09:00.000Z', type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'forked: now push it' }] } };
    writeFileSync(forkFile, `${fork}\n${JSON.stringify(extra)}\n`);
    const outputs = largeOutputs(PARENT);
    expect(outputs).toHaveLength(1);
    output = outputs[0];
  });

  it('stores a large tool output two conversations share once, and shows both whole', () => {
    const alone = importInto(parentFile);
    const both = importInto(parentFile, forkFile);
    // A distinctive stretch of the output is in exactly one file of the archive, decompressed,
    // as it is or JSON-escaped (as a native record holds it).
    const marker = Buffer.from(output.slice(1000, 1400));
    const escaped = Buffer.from(JSON.stringify(output.slice(1000, 1400)).slice(1, -1));
    expect(decompressedFiles(both.root).filter((b) => b.includes(marker) || b.includes(escaped))).toHaveLength(1);
    const content = filesUnder(path.join(both.root, CONTENT_DIR));
    expect(content).toHaveLength(1);
    // The fork added its own blob, but no second copy of the output.
    expect(filesUnder(path.join(alone.root, CONTENT_DIR)).map((f) => statSync(f).size)).toEqual(content.map((f) => statSync(f).size));
    const db = new Database(path.join(both.root, 'index.db'), { readonly: true });
    const forkBlob = db.prepare('SELECT blob_path FROM conversations WHERE id = ?').pluck().get(both.idOf(FORK_ID)) as string;
    db.close();
    expect(recordBytes(both.root) - recordBytes(alone.root)).toBe(statSync(path.join(both.root, forkBlob)).size);
    const parent = both.show(PARENT_ID);
    const fork = both.show(FORK_ID);
    expect(longestResponse(parent)).toContain(output.slice(0, 2000));
    expect(longestResponse(fork)).toBe(longestResponse(parent));
    expect(fork.messages.length).toBe(parent.messages.length + 1);
    expect(dejavu(['verify'], both.env).stdout).toContain('The archive is consistent.');
  });

  it("keeps the content a pinned fork still refers to when its parent is evicted, and removes it once nothing does", () => {
    const a = importInto(parentFile, forkFile);
    const contentFiles = () => filesUnder(path.join(a.root, CONTENT_DIR));
    expect(dejavu(['pin', a.idOf(FORK_ID)], a.env).code).toBe(0);
    const first = dejavu(['evict', '--apply', '--soft-cap', '1', '--hard-cap', '1'], a.env);
    expect(first.code, first.stderr).toBe(0);
    const parentBlob = new Database(path.join(a.root, 'index.db'), { readonly: true });
    const paths = parentBlob.prepare('SELECT id, blob_path FROM conversations').all() as { id: string; blob_path: string }[];
    parentBlob.close();
    expect(paths.find((p) => p.id === a.idOf(PARENT_ID))?.blob_path).toMatch(/\.r[12]\.pb$/);
    expect(contentFiles()).toHaveLength(1);
    expect(longestResponse(a.show(FORK_ID))).toContain(output.slice(0, 2000));
    expect(dejavu(['verify'], a.env).stdout).toContain('The archive is consistent.');

    expect(dejavu(['unpin', a.idOf(FORK_ID)], a.env).code).toBe(0);
    const second = dejavu(['evict', '--apply', '--soft-cap', '1', '--hard-cap', '1'], a.env);
    expect(second.code, second.stderr).toBe(0);
    expect(contentFiles()).toEqual([]);
    expect(dejavu(['verify'], a.env).stdout).toContain('The archive is consistent.');
  });

  it('names a deleted content file in both conversations that refer to it; --repair cannot bring it back', () => {
    const a = importInto(parentFile, forkFile);
    const [file] = filesUnder(path.join(a.root, CONTENT_DIR));
    rmSync(file);
    const r = dejavu(['verify'], a.env);
    expect(r.code).toBe(1);
    const hash = path.basename(file, '.zst');
    for (const nativeId of [PARENT_ID, FORK_ID]) expect(r.stdout).toContain(`Conversation ${a.idOf(nativeId)}`);
    expect(r.stdout).toContain(`cannot be read whole: its stored content ${hash.slice(0, 12)}… is missing from the archive.`);
    expect(r.stdout).toContain('(cannot be repaired here)');
    expect(dejavu(['verify', '--repair'], a.env).code).toBe(1);
  });

  it('reports stored content nothing refers to, and --repair removes only that', () => {
    const a = importInto(parentFile, forkFile);
    const [kept] = filesUnder(path.join(a.root, CONTENT_DIR));
    const stray = archiveContent(a.root).put(Buffer.alloc(CONTENT_THRESHOLD, 'x'));
    const strayPath = `${CONTENT_DIR}/${stray.hash.slice(0, 2)}/${stray.hash}.zst`;
    const r = dejavu(['verify'], a.env);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${strayPath} (${stray.bytes} bytes) is stored content no conversation refers to any more. (repairable)`);
    const repaired = dejavu(['verify', '--repair'], a.env);
    expect(repaired.stdout).toContain(`Removed 1 stored content file(s) no conversation refers to (${stray.bytes} bytes).`);
    expect(repaired.code).toBe(0);
    expect(filesUnder(path.join(a.root, CONTENT_DIR))).toEqual([kept]);
    expect(longestResponse(a.show(FORK_ID))).toContain(output.slice(0, 2000));
  });

  it('exports blobs that refer to stored content as files that read on their own, and merges them whole', () => {
    const a = importInto(parentFile, forkFile);
    const file = path.join(work, 'exported.tar');
    const exported = dejavu(['export-archive', '-o', file], a.env);
    expect(exported.code, exported.stderr).toBe(0);
    const other = { DEJAVU_HOME: path.join(work, 'merged') };
    const merged = dejavu(['merge', file], other);
    expect(merged.code, merged.stderr).toBe(0);
    const id = a.idOf(FORK_ID);
    expect(longestResponse(dejavuJson<Conversation>(['show', id, '--json', '--no-redact'], other))).toBe(longestResponse(a.show(FORK_ID)));
    expect(filesUnder(path.join(other.DEJAVU_HOME, CONTENT_DIR))).toHaveLength(1);
  });

  it('reads a blob written before the content store existed (schema 1, every part inline)', () => {
    const root = path.join(work, 'v1');
    mkdirSync(path.join(root, 'proj'), { recursive: true });
    cpSync(path.join(import.meta.dirname, 'record-v1', 'large-parts.pb'), path.join(root, 'proj', 'v1.pb'));
    const c = readBlob(root, 'proj/v1.pb');
    const parts = c.messages.flatMap((m) => m.parts);
    const response = parts.find((p) => p.type === 'tool_call_response');
    const image = parts.find((p) => p.type === 'blob');
    expect(response?.type === 'tool_call_response' && response.response.split('\n')).toHaveLength(800);
    expect(response?.type === 'tool_call_response' && response.response.split('\n')[799]).toBe('line 799: the same large tool output a forked session replays');
    expect(image?.type === 'blob' && Buffer.from(image.content, 'base64').equals(Buffer.alloc(20000, 7))).toBe(true);
  });

  it('refuses, with a clear error, to read a blob that refers to stored content without its archive', () => {
    const a = importInto(parentFile);
    const db = new Database(path.join(a.root, 'index.db'), { readonly: true });
    const blob = db.prepare('SELECT blob_path FROM conversations').pluck().get() as string;
    db.close();
    expect(() => decodeConversation(readFileSync(path.join(a.root, blob)))).toThrow(ArchiveFormatError);
    expect(() => decodeConversation(readFileSync(path.join(a.root, blob)))).toThrow("this blob keeps large parts in its archive's content store; read it from its archive");
  });
});
