/**
 * `dejavu serve` answers the contract over HTTP to the holder of its token only, on loopback,
 * and serves the built app with its strict CSP.
 */
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dejavu } from './cli';
import { provenanceFor } from './provenance';
import { request, type ServeProcess, startServe } from './serve-process';

describe('dejavu serve', () => {
  const archive = mkdtempSync(path.join(os.tmpdir(), 'dejavu-serve-'));
  let server: ServeProcess;
  let cookie = '';
  const api = (channel: string, body: unknown, headers: Record<string, string> = {}) =>
    request(server.origin, `/api/${channel}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie, ...headers }, body: JSON.stringify(body) });

  beforeAll(async () => {
    const files = provenanceFor('codex').slice(0, 3).map((f) => f.absPath);
    expect(dejavu(['import', ...files], { DEJAVU_HOME: archive }).code).toBe(0);
    // An empty home: the sync below must not read this machine's real agent files.
    server = await startServe(['--no-sync'], { DEJAVU_HOME: archive, HOME: mkdtempSync(path.join(os.tmpdir(), 'dejavu-serve-home-')) });
  });
  afterAll(() => server?.stop());

  it('prints a loopback URL with a token first', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{20,}$/);
  });

  it('turns the token in the URL into a same-site, HttpOnly cookie', async () => {
    const wrong = await request(server.origin, '/?token=not-the-token');
    expect(wrong.status).toBe(401);
    const res = await request(server.origin, `/?token=${server.token}`);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/');
    const set = String(res.headers['set-cookie']);
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Strict/);
    cookie = set.split(';')[0];
  });

  it('refuses every request without the token', async () => {
    expect((await request(server.origin, '/')).status).toBe(401);
    expect((await request(server.origin, '/api/events')).status).toBe(401);
    const res = await request(server.origin, '/api/dejavu:status', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(401);
  });

  it('refuses a foreign Host header (DNS rebinding)', async () => {
    const res = await request(server.origin, '/api/dejavu:status', { method: 'POST', headers: { Host: 'evil.example:80', 'Content-Type': 'application/json', Cookie: cookie }, body: '{}' });
    expect(res.status).toBe(403);
  });

  it('serves the app with its Content-Security-Policy', async () => {
    const res = await request(server.origin, '/', { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.body).toContain('<div id="root"');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const escape = await request(server.origin, '/..%2F..%2F..%2Fetc%2Fpasswd', { headers: { Cookie: cookie } });
    expect(escape.body).not.toContain('root:');
  });

  it('answers the contract with Results, validating every request', async () => {
    const status = JSON.parse((await api('dejavu:status', {})).body);
    expect(status.ok).toBe(true);
    expect(status.value.stats.conversations).toBe(3);
    expect(status.value.capabilities).toEqual({ saveDialog: false, openDialog: false, folderDialog: false, openExternal: false });

    const list = JSON.parse((await api('dejavu:conversations', { agent: 'codex' })).body);
    expect(list.value).toHaveLength(3);
    const id = list.value[0].id;
    const page = JSON.parse((await api('dejavu:messages', { id, offset: 0, limit: 5 })).body);
    expect(page.value.messages).toHaveLength(5);
    expect(page.value.total).toBeGreaterThan(5);
    expect(page.value.messages[0]).not.toHaveProperty('native');

    const exported = JSON.parse((await api('dejavu:export', { id, format: 'md' })).body);
    expect(exported.value.fileName).toMatch(/^\d{4}-\d{2}-\d{2}_.+\.md$/);

    expect(JSON.parse((await api('dejavu:messages', { id, offset: -1, limit: 5 })).body).error.code).toBe('invalid-request');
    expect(JSON.parse((await api('dejavu:conversation', { id: 'codex_nope' })).body).error.code).toBe('not-found');
    expect(JSON.parse((await api('dejavu:nope', {})).body).error.code).toBe('invalid-request');
    expect(JSON.parse((await api('dejavu:save-export', { id, format: 'md' })).body).error.code).toBe('unsupported');
    expect(JSON.parse((await api('dejavu:open-external', { url: 'https://example.com' })).body).error.code).toBe('unsupported');
  });

  it('refuses a search page budget that is not a whole number of characters, with the flag named', () => {
    for (const given of ['lots', '0', '1.5']) {
      const r = dejavu(['serve', '--port', '0', '--no-sync', '--search-page-text', given], { DEJAVU_HOME: archive });
      expect(r.code, given).toBe(2);
      expect(r.stderr, given).toContain('--search-page-text wants a whole number of characters above 0');
    }
  });

  it('streams change events to the browser after a sync', async () => {
    const events = await new Promise<string>((resolve, reject) => {
      const req = http.get(new URL('/api/events', server.origin), { headers: { Cookie: cookie } }, (res) => {
        // The stream is open (the server listens from its first byte): only now may the sync start, or its end could come first.
        void api('dejavu:sync', {});
        let body = '';
        res.on('data', (d: Buffer) => {
          body += d.toString();
          if (body.includes('"finished"')) {
            req.destroy();
            resolve(body);
          }
        });
      });
      req.on('error', (err) => (String(err).includes('socket hang up') ? undefined : reject(err)));
    });
    expect(events).toContain('event: dejavu:sync-progress');
  });
});
