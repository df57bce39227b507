/** `dejavu mcp` as a real child process spoken to in raw JSON-RPC lines, so malformed ones can be sent too. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLI } from './cli';

export interface Reply {
  readonly id?: number | string | null;
  readonly result?: { tools?: { name: string }[]; isError?: boolean; content?: { type: string; text: string }[] };
  readonly error?: { code: number; message: string };
}

/** `dejavu mcp` on `archive` (default: a new empty one), with `env` added to its environment. */
export function startMcp(archive = mkdtempSync(path.join(os.tmpdir(), 'dejavu-mcp-big-')), env: Record<string, string> = {}): { child: ChildProcess; replies: Reply[]; stderr: () => string; next: (id: number) => Promise<Reply> } {
  const child = spawn(process.execPath, [CLI, 'mcp'], { env: { ...process.env, ...env, DEJAVU_HOME: archive }, stdio: ['pipe', 'pipe', 'pipe'] });
  const replies: Reply[] = [];
  let out = '';
  let err = '';
  const waiting = new Map<number, (r: Reply) => void>();
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
    for (let nl = out.indexOf('\n'); nl >= 0; nl = out.indexOf('\n')) {
      const reply = JSON.parse(out.slice(0, nl)) as Reply;
      out = out.slice(nl + 1);
      replies.push(reply);
      if (typeof reply.id === 'number') waiting.get(reply.id)?.(reply);
    }
  });
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  child.stdin!.on('error', () => undefined); // a server that died is reported by `next`
  const next = (id: number) =>
    new Promise<Reply>((resolve, reject) => {
      const found = replies.find((r) => r.id === id);
      if (found) return resolve(found);
      waiting.set(id, resolve);
      child.once('exit', (code) => reject(new Error(`dejavu mcp exited (${code}) before answering ${id}: ${err}`)));
    });
  return { child, replies, stderr: () => err, next };
}

export const send = (child: ChildProcess, message: unknown) => child.stdin!.write(`${JSON.stringify(message)}\n`);

