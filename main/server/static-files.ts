/** Serves the built renderer's files, and nothing outside its folder. */
import { createReadStream, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
};

/** Writes the file for `urlPath` under `root`, or returns false when there is none. */
export function serveStatic(root: string, urlPath: string, res: ServerResponse, headers: Record<string, string>): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return false;
  }
  const relative = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  const file = path.resolve(root, relative);
  if (file !== root && !file.startsWith(root + path.sep)) return false;
  let size: number;
  try {
    const info = statSync(file);
    if (!info.isFile()) return false;
    size = info.size;
  } catch {
    return false;
  }
  const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  res.writeHead(200, {
    ...headers,
    'Content-Type': type,
    'Content-Length': String(size),
    'Cache-Control': relative === 'index.html' ? 'no-store' : 'private, max-age=3600',
  });
  createReadStream(file).pipe(res);
  return true;
}
