/**
 * `dejavu serve`'s own startup sync is work nobody awaits: when it fails (here another process
 * holds the archive's writer lock), the failure is on serve's stderr and in `dejavu:status`, so
 * the status bar of a page opened afterwards still shows it.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openArchiveWriter } from '../main/core/access/open-writer';
import { dejavu } from './cli';
import { provenanceFor } from './provenance';
import { request, type ServeProcess, startServe } from './serve-process';

describe('dejavu serve, its startup sync failing', () => {
  const archive = mkdtempSync(path.join(os.tmpdir(), 'dejavu-serve-fail-'));
  let server: ServeProcess | undefined;
  let holder: ReturnType<typeof openArchiveWriter> | undefined;
  afterAll(async () => {
    await server?.stop();
    holder?.close();
  });

  it('reports it on stderr and in dejavu:status, where a page opened later finds it', async () => {
    expect(dejavu(['import', provenanceFor('codex')[0].absPath], { DEJAVU_HOME: archive }).code).toBe(0);
    holder = openArchiveWriter(archive); // another process writing: serve's sync must refuse
    server = await startServe(['--no-watch'], { DEJAVU_HOME: archive, HOME: mkdtempSync(path.join(os.tmpdir(), 'dejavu-serve-fail-home-')) });
    let stderr = '';
    server.child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const login = await request(server.origin, `/?token=${server.token}`);
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    const status = async () => {
      const res = await request(server!.origin, '/api/dejavu:status', { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: '{}' });
      return JSON.parse(res.body) as { ok: boolean; value: { recentFailures: { task: string; message: string }[] } };
    };
    let failures: { task: string; message: string }[] = [];
    for (let i = 0; i < 120 && failures.length === 0; i += 1) {
      const s = await status();
      expect(s.ok).toBe(true);
      failures = s.value.recentFailures;
      if (failures.length === 0) await new Promise((r) => setTimeout(r, 250));
    }
    expect(failures).toEqual([{ task: 'sync', message: expect.stringMatching(/writ/i), at: expect.any(String) }]);
    expect(stderr).toContain(`dejavu: error [service] sync failed: ${failures[0].message}`);
  }, 60_000);
});
