/**
 * `dejavu serve` against requests a hostile page or process could make: no token, a wrong one,
 * a foreign Host or Origin, path traversal (plain and %-encoded), and a bounded flood of
 * requests to 127.0.0.1; a malformed request on every contract channel; it binds loopback
 * unless told otherwise. (The token-as-link, Host,
 * 413 and 400 cases are in test/serve.test.ts and test/serve-busy.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS } from '../../shared/contract';
import { dejavu } from '../cli';
import { provenanceFor } from '../provenance';
import { request, type ServeProcess, startServe } from '../serve-process';

const FLOOD = 2000;
const FLOOD_CONCURRENCY = 20;

/** The listening sockets' local addresses for `port`, from the kernel's own table. */
function listeningOn(port: number): string[] {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const rows = (file: string) => {
    try {
      return readFileSync(file, 'utf8').trim().split('\n').slice(1);
    } catch {
      return [];
    }
  };
  return [...rows('/proc/net/tcp'), ...rows('/proc/net/tcp6')]
    .map((r) => r.trim().split(/\s+/))
    .filter((cols) => cols[3] === '0A' && cols[1].endsWith(`:${hex}`))
    .map((cols) => cols[1].split(':')[0]);
}

describe('dejavu serve under hostile requests', () => {
  const archive = mkdtempSync(path.join(os.tmpdir(), 'dejavu-serve-hostile-'));
  let server: ServeProcess;
  let auth: Record<string, string>;
  const status = (headers: Record<string, string>) => request(server.origin, '/api/dejavu:status', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: '{}' });

  beforeAll(async () => {
    expect(dejavu(['import', provenanceFor('codex')[0].absPath], { DEJAVU_HOME: archive }).code).toBe(0);
    server = await startServe(['--no-sync'], { DEJAVU_HOME: archive, HOME: mkdtempSync(path.join(os.tmpdir(), 'dejavu-serve-hostile-home-')) });
    auth = { Cookie: `dejavu_token=${server.token}` };
  });
  afterAll(() => server?.stop());

  it('binds 127.0.0.1 only', () => {
    const port = Number(new URL(server.origin).port);
    expect(listeningOn(port)).toEqual(['0100007F']); // 127.0.0.1, little-endian hex
  });

  it('refuses a wrong token in the cookie or as a bearer, with the sentence a person sees', async () => {
    for (const headers of <Record<string, string>[]>[{ Cookie: 'dejavu_token=wrong' }, { Authorization: 'Bearer wrong' }, { Authorization: `Bearer ${server.token}x` }, { Cookie: `dejavu_token=` }]) {
      const res = await status(headers);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.body).toBe('Open the URL `dejavu serve` printed: it carries the access token.\n');
    }
    expect((await status(auth)).status).toBe(200);
  });

  it('refuses a request a foreign page sends (Origin), even with the cookie', async () => {
    for (const origin of ['http://evil.example', 'null', `http://127.0.0.1:${Number(new URL(server.origin).port) + 1}`]) {
      const res = await status({ ...auth, Origin: origin });
      expect(res.status, origin).toBe(403);
      expect(res.body).toBe('Déjà Vu answers only the pages it served itself.\n');
    }
    // Its own page's requests carry its own origin.
    expect((await status({ ...auth, Origin: server.origin })).status).toBe(200);
    expect((await status({ ...auth, Host: 'evil.example', Origin: 'http://evil.example' })).status).toBe(403);
  });

  it('answers a malformed request on every contract channel by the channel’s schema, and a body that is not JSON, then goes on', async () => {
    const post = async (channel: string, body: string) => {
      const r = await request(server.origin, `/api/${channel}`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body });
      return { status: r.status, ...(JSON.parse(r.body) as { ok: boolean; error?: { code: string; message: string } }) };
    };
    for (const channel of CHANNELS) {
      // A key no request has: every schema is strict, so nothing a channel does runs.
      expect(await post(channel, '{"zzbogus":1}'), channel).toEqual({ status: 200, ok: false, error: { code: 'invalid-request', message: expect.stringContaining('request: Unrecognized key: "zzbogus"') } });
      expect((await post(channel, '[1,2]')).error?.code, channel).toBe('invalid-request');
      // JSON null is no request of any channel (it was taken as "no fields", and ran the channel).
      expect((await post(channel, 'null')).error, channel).toEqual({ code: 'invalid-request', message: expect.stringContaining('request: ') });
    }
    // A channel that takes one of two keys says which.
    expect((await post('dejavu:files', '{}')).error?.message).toContain('give either path or conversationId');
    const notJson = await post('dejavu:status', '{"half":');
    expect(notJson.error).toEqual({ code: 'invalid-request', message: expect.stringMatching(/^request body: .*JSON/) });
    expect((await status(auth)).status).toBe(200);
  });

  it('serves nothing outside the app folder, however the path is written', async () => {
    const shell = (await request(server.origin, '/', { headers: auth })).body;
    expect(shell).toContain('<div id="root"');
    const outside = readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8');
    for (const p of ['/../../package.json', '/..%2F..%2Fpackage.json', '/%2e%2e/%2e%2e/package.json', '/assets/..%2F..%2F..%2Fpackage.json', '/..%5C..%5Cpackage.json', '/%252e%252e/%252e%252e/package.json', '/....//....//package.json', '/../../../../../../etc/passwd', '/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd']) {
      const res = await request(server.origin, p, { headers: auth });
      // Unknown paths are the app's routes: the shell, never the file.
      expect(res.status, p).toBe(200);
      expect(res.body, p).toBe(shell);
      expect(res.body).not.toContain(outside.slice(0, 40));
      expect(res.body).not.toContain('root:x:0:0');
    }
    // Under /api/ a decoded path is a channel name, never a file.
    const api = await request(server.origin, '/api/..%2F..%2Fpackage.json', { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: '{}' });
    expect(JSON.parse(api.body).error).toEqual({ code: 'invalid-request', message: 'unknown channel ../../package.json' });
    // Dot segments are resolved before routing: this one is a POST to /package.json, refused.
    const dotted = await request(server.origin, '/api/dejavu:status/../../package.json', { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: '{}' });
    expect([dotted.status, dotted.body]).toEqual([405, 'GET only\n']);
  });

  it(`answers a flood of ${FLOOD} requests, ${FLOOD_CONCURRENCY} at a time, every one, and goes on`, async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: FLOOD_CONCURRENCY });
    const times: number[] = [];
    const codes = new Map<number, number>();
    let next = 0;
    const started = Date.now();
    const worker = async () => {
      while (next < FLOOD) {
        next += 1;
        const t = Date.now();
        const res = await new Promise<number>((resolve, reject) => {
          const req = http.request(new URL('/api/dejavu:status', server.origin), { method: 'POST', agent, headers: { ...auth, 'Content-Type': 'application/json' } }, (r) => {
            r.resume();
            r.on('end', () => resolve(r.statusCode ?? 0));
          });
          req.on('error', reject);
          req.end('{}');
        });
        times.push(Date.now() - t);
        codes.set(res, (codes.get(res) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: FLOOD_CONCURRENCY }, worker));
    agent.destroy();
    const total = Date.now() - started;
    times.sort((a, b) => a - b);
    const p99 = times[Math.floor(times.length * 0.99)];
    console.log(`dejavu stress: serve flood: ${FLOOD} requests, ${FLOOD_CONCURRENCY} concurrent, in ${total} ms; median ${times[times.length >> 1]} ms, p99 ${p99} ms, slowest ${times[times.length - 1]} ms`);
    expect(Object.fromEntries(codes)).toEqual({ 200: FLOOD });
    expect(server.child.exitCode).toBeNull();
    const after = JSON.parse((await status(auth)).body);
    expect(after.value.stats.conversations).toBe(1);
  }, 120_000);
});
