/** Starts `dejavu serve` as a real child process and reads the URL it prints first. */
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { dejavuAsync } from './cli';

export interface ServeProcess {
  readonly url: string;
  readonly origin: string;
  readonly token: string;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

export async function startServe(args: readonly string[], env: Record<string, string>): Promise<ServeProcess> {
  const child = dejavuAsync(['serve', '--port', '0', ...args], env);
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`dejavu serve printed no URL: ${stderr}`)), 30_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n')) {
        clearTimeout(timer);
        resolve(line.trim());
      }
    });
    child.on('exit', (code) => reject(new Error(`dejavu serve exited (${code}): ${stderr}`)));
  });
  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    token: parsed.searchParams.get('token') ?? '',
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A raw request, so the Host header and cookies are exactly what the test says. */
export function request(origin: string, pathname: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const url = new URL(pathname, origin);
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
