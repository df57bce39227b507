/**
 * What the content store saves (`node out/bench/content-bench.mjs` after `npm run build`): the
 * real fixtures imported alone, then with every Claude Code and Codex session forked twice
 * (the same lines under a new session id plus one more prompt, as `--fork-session` and Codex
 * forks leave them). For each archive: the bytes of its blobs and stored content against what
 * the same conversations take with every part inline (the format before the store).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { readBlob, writeBlob } from '../main/core/archive/blob-store';
import { encodeConversation } from '../main/core/archive/codec';
import { listContent } from '../main/core/archive/content-sweep';
import { archiveDiskBytes } from '../main/core/archive/disk-usage';
import { loadSeeds } from './corpus';

const MB = 1024 * 1024;

function jsonlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.jsonl'))
    .map((e) => path.join(e.parentPath, e.name));
}

/** Two forks of each seed: its lines under a new id, and one more prompt. */
function writeForks(fixtures: string, dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  for (const [i, seed] of loadSeeds(fixtures).entries()) {
    for (const n of [1, 2]) {
      const id = `${seed.nativeId.slice(0, -4)}f${n}${String(i % 100).padStart(2, '0')}`;
      const extra =
        seed.agent === 'codex'
          ? { timestamp: '2026-11-22T00:00:00.000Z', type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: `fork ${n}: go on` }] } }
          : { type: 'user', sessionId: id, uuid: `fork-${i}-${n}`, timestamp: '2026-11-22T00:00:00.000Z', message: { role: 'user', content: `fork ${n}: go on` } };
      const file = path.join(dir, seed.agent, `${id}.jsonl`);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, `${seed.text.replaceAll(seed.nativeId, id).trimEnd()}\n${JSON.stringify(extra)}\n`);
      files.push(file);
    }
  }
  return files;
}

function measure(name: string, root: string): void {
  const db = new Database(path.join(root, 'index.db'), { readonly: true });
  const blobs = db.prepare('SELECT blob_path FROM conversations').pluck().all() as string[];
  db.close();
  let stored = 0;
  let inline = 0;
  const scratch = path.join(root, '..', `${path.basename(root)}-roundtrip`);
  for (const blob of blobs) {
    stored += statSync(path.join(root, blob)).size;
    const c = readBlob(root, blob);
    inline += encodeConversation(c).length;
    // Written again through the store, it reads back exactly.
    writeBlob(scratch, 'a.pb', c);
    if (JSON.stringify(readBlob(scratch, 'a.pb')) !== JSON.stringify(c)) throw new Error(`${blob} does not read back exactly`);
  }
  const content = listContent(root);
  const contentBytes = content.reduce((n, c) => n + c.bytes, 0);
  stored += contentBytes;
  const fmt = (b: number) => `${(b / MB).toFixed(2)} MB`;
  console.log(
    `${name}: ${blobs.length} conversations, ${content.length} stored content files (${fmt(contentBytes)}); records ${fmt(stored)} vs ${fmt(inline)} inline: saves ${fmt(inline - stored)} (${((100 * (inline - stored)) / inline).toFixed(1)} %); archive ${fmt(archiveDiskBytes(root))}`,
  );
}

function main(): void {
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const fixtures = process.env.DEJAVU_FIXTURES ?? path.resolve(repo, '..', 'shared', 'fixtures');
  const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-content-bench-'));
  try {
    const originals = jsonlFiles(fixtures);
    const forks = writeForks(fixtures, path.join(work, 'forks'));
    for (const [name, files] of [['fixtures', originals], ['fixtures + 2 forks of each Claude Code / Codex session', [...originals, ...forks]]] as const) {
      const root = path.join(work, name.replace(/\W+/g, '-'));
      // The real CLI, as a person imports.
      spawnSync(process.execPath, [path.join(repo, 'bin', 'dejavu.mjs'), 'import', ...files], { env: { ...process.env, DEJAVU_HOME: root }, stdio: 'ignore' });
      measure(name, root);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main();
