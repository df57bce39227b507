/**
 * While `dejavu serve` runs it holds the archive's writer lock: `dejavu sync` and `dejavu evict
 * --apply` are refused with a message naming the server and what to do. And its HTTP API
 * answers an oversized body with 413 and a malformed path escape with 400.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dejavu } from './cli';
import { provenanceFor } from './provenance';
import { type ServeProcess, startServe } from './serve-process';

/** POST `size` bytes to `pathname`, streamed; resolves with the answer even if the server then closes. */
function post(server: ServeProcess, pathname: string, size: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(pathname, server.origin), {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json', 'Content-Length': String(size) },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    const chunk = size === 2 ? Buffer.from('{}') : Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const n = Math.min(chunk.length, size - sent);
        sent += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

describe('dejavu serve holding the archive', () => {
  const archive = mkdtempSync(path.join(os.tmpdir(), 'dejavu-serve-busy-'));
  const home = mkdtempSync(path.join(os.tmpdir(), 'dejavu-serve-busy-home-'));
  let server: ServeProcess;

  beforeAll(async () => {
    expect(dejavu(['import', ...provenanceFor('codex').slice(0, 2).map((f) => f.absPath)], { DEJAVU_HOME: archive }).code).toBe(0);
    server = await startServe([], { DEJAVU_HOME: archive, HOME: home });
    // It syncs, then watches: from then on it holds the writer lock.
    const lock = path.join(archive, 'sync.lock');
    const deadline = Date.now() + 30_000;
    while (!existsSync(lock) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  });
  afterAll(() => server?.stop());

  it('refuses sync and evict --apply, naming the server and what to do', () => {
    const pid = server.child.pid;
    expect(readFileSync(path.join(archive, 'sync.lock'), 'utf8')).toMatch(new RegExp(`^${pid} [0-9a-f]{16} dejavu serve$`));
    for (const args of [['sync'], ['evict', '--apply']]) {
      const r = dejavu(args, { DEJAVU_HOME: archive, HOME: home });
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr, args.join(' ')).toBe(
        `dejavu: dejavu serve (pid ${pid}) is writing the archive ${archive}: it syncs by itself while it runs, so a sync here is not needed; to run this command anyway, stop it (Ctrl-C where it runs, or kill ${pid}) first\n`,
      );
    }
  });

  it('answers a 200 MiB body with 413, not a reset connection', async () => {
    const r = await post(server, '/api/dejavu:conversations', 200 * 1024 * 1024);
    expect(r.status).toBe(413);
    expect(r.body).toBe('Déjà Vu takes requests of up to 1 MiB.\n');
    // and goes on serving
    const next = await post(server, '/api/dejavu:status', 2);
    expect(next.status).toBe(200);
    expect(JSON.parse(next.body)).toMatchObject({ ok: true });
  });

  it('answers a malformed % escape under /api/ with 400', async () => {
    const r = await post(server, '/api/dejavu:status%E0%A4%A', 2);
    expect(r.status).toBe(400);
    expect(r.body).toBe('That API path has a malformed % escape.\n');
  });
});
