/**
 * `dejavu serve`: the IPC contract over HTTP, plus the built renderer, so the same UI runs in
 * any browser (and in the tests, in real Chromium). Bound to loopback by default; every
 * request needs the random token (first by URL, then by a same-site cookie); Host headers are
 * checked so a web page cannot reach it through DNS rebinding, and Origin headers so another
 * page cannot send it requests.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHANNELS, type ChannelName, EVENTS } from '../../shared/contract';
import { CONTENT_SECURITY_POLICY } from '../../shared/csp';
import { fail } from '../../shared/result';
import type { ArchiveService } from '../core/service/archive-service';
import { serveStatic } from './static-files';

export interface ServeOptions {
  readonly service: ArchiveService;
  readonly host?: string;
  readonly port?: number;
  /** The built renderer (out/renderer). */
  readonly staticDir: string;
  /** Fixed token (tests); random otherwise. */
  readonly token?: string;
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly token: string;
  close(): Promise<void>;
}

const COOKIE = 'dejavu_token';
const MAX_BODY = 1024 * 1024;
const SECURITY_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const token = options.token ?? randomBytes(24).toString('base64url');
  const streams = new Set<ServerResponse>();
  const unsubscribe = EVENTS.map((event) =>
    options.service.on(event, (payload) => {
      const frame = `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
      for (const res of streams) res.write(frame);
    }),
  );
  let port = options.port ?? 0;
  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: Error) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`Déjà Vu: ${err.message}`);
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    if (!hostAllowed(req.headers.host, host, port)) return plain(res, 403, 'Déjà Vu answers only on the address it printed.');
    // A browser names the page behind every cross-origin request (and POSTs): only our own may ask.
    if (req.headers.origin !== undefined && !originAllowed(req.headers.origin, host, port)) return plain(res, 403, 'Déjà Vu answers only the pages it served itself.');
    const given = url.searchParams.get('token');
    if (given !== null) {
      if (!same(given, token)) return plain(res, 401, 'That Déjà Vu link has a wrong or old token.');
      // Trade the token in the URL for a cookie, and drop it from the address bar.
      url.searchParams.delete('token');
      res.writeHead(302, { ...SECURITY_HEADERS, 'Set-Cookie': `${COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`, Location: url.pathname + url.search });
      return void res.end();
    }
    if (!authorized(req, token)) return plain(res, 401, 'Open the URL `dejavu serve` printed: it carries the access token.');

    if (url.pathname === '/api/events' && req.method === 'GET') {
      res.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
      res.write(': connected\n\n');
      streams.add(res);
      req.on('close', () => streams.delete(res));
      return;
    }
    if (url.pathname.startsWith('/api/')) {
      if (req.method !== 'POST') return plain(res, 405, 'POST only');
      if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return plain(res, 415, 'JSON only');
      let channel: ChannelName;
      try {
        channel = decodeURIComponent(url.pathname.slice('/api/'.length)) as ChannelName;
      } catch {
        return plain(res, 400, 'That API path has a malformed % escape.');
      }
      const text = await readBody(req);
      if (text === undefined) return tooLarge(res);
      let body: unknown;
      try {
        body = JSON.parse(text || '{}');
      } catch (err) {
        return json(res, fail('invalid-request', `request body: ${(err as Error).message}`));
      }
      if (!CHANNELS.includes(channel)) return json(res, fail('invalid-request', `unknown channel ${channel}`));
      // The page gave the request up (aborted its fetch: a search typed past): one not begun is not read.
      const gaveUp = new AbortController();
      res.on('close', () => {
        if (!res.writableFinished) gaveUp.abort();
      });
      if (res.closed) gaveUp.abort(); // closed while its body was read
      return json(res, await options.service.handle(channel, body, gaveUp.signal));
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'GET only');
    if (serveStatic(options.staticDir, url.pathname, res, SECURITY_HEADERS)) return;
    // Unknown paths are the app's own routes: serve the shell.
    if (!serveStatic(options.staticDir, '/', res, SECURITY_HEADERS)) plain(res, 404, 'The app is not built: run `npm run build`.');
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}/?token=${token}`,
    port,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        unsubscribe.forEach((off) => off());
        for (const s of streams) s.end();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function hostAllowed(header: string | undefined, host: string, port: number): boolean {
  if (!header) return false;
  const allowed = new Set([`${host}:${port}`, `[${host}]:${port}`, `localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]);
  return allowed.has(header.toLowerCase());
}

function originAllowed(origin: string, host: string, port: number): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false; // "null" (sandboxed frames, file: pages) and anything unparsable
  }
  return parsed.protocol === 'http:' && parsed.origin === origin.toLowerCase() && hostAllowed(parsed.host, host, port);
}

function authorized(req: IncomingMessage, token: string): boolean {
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  if (bearer) return same(bearer, token);
  const cookie = (req.headers.cookie ?? '')
    .split(';')
    .map((c) => c.trim().split('='))
    .find(([k]) => k === COOKIE)?.[1];
  return cookie !== undefined && same(cookie, token);
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The request body, or undefined when it is over MAX_BODY (declared or sent). A body too large
 * is still read to its end and dropped, so the 413 reaches a client that is still sending: an
 * answer sent mid-upload closes the socket under the client's writes, which it sees as a reset.
 */
function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    let size = 0;
    let chunks: Buffer[] = [];
    let tooLarge = Number(req.headers['content-length'] ?? 0) > MAX_BODY;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) tooLarge = true;
      if (tooLarge) chunks = [];
      else chunks.push(c);
    });
    req.on('end', () => resolve(tooLarge ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** 413 once the body has been read to its end (readBody), then close the connection. */
function tooLarge(res: ServerResponse): void {
  res.writeHead(413, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' });
  res.end(`Déjà Vu takes requests of up to ${MAX_BODY / 1024 / 1024} MiB.\n`);
}

function json(res: ServerResponse, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(body);
}

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(`${text}\n`);
}
