/**
 * MCP over stdio, one JSON-RPC message per line, like the SDK's StdioServerTransport, except
 * that a line it cannot take (over the size limit, or not JSON-RPC) is answered with a JSON-RPC
 * error and said on stderr, and the server goes on. The SDK's transport closes instead, and
 * `dejavu mcp` then exited 0 without a word.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, type JSONRPCMessage, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Readable, Writable } from 'node:stream';

/** The SDK's own limit for one message. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
/** How much of an oversized line is kept to find its request id (which clients write first). */
const HEAD_BYTES = 64 * 1024;

type RequestId = string | number | null;

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private chunks: Buffer[] = [];
  private size = 0;
  /** While skipping an oversized line: its first bytes (for the id) and its length so far. */
  private skipping: { head: Buffer; bytes: number } | undefined;

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
    private readonly log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
  ) {}

  private readonly onData = (chunk: Buffer) => {
    for (let start = 0; start < chunk.length; ) {
      const nl = chunk.indexOf(0x0a, start);
      const piece = chunk.subarray(start, nl === -1 ? chunk.length : nl);
      this.take(piece);
      if (nl === -1) break;
      this.endLine();
      start = nl + 1;
    }
  };

  private readonly onError = (err: Error) => this.onerror?.(err);

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', this.onError);
  }

  async close(): Promise<void> {
    this.input.off('data', this.onData);
    this.input.off('error', this.onError);
    if (this.input.listenerCount('data') === 0) this.input.pause();
    this.chunks = [];
    this.skipping = undefined;
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(plainParamsError(message))}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  /** Keep a piece of the current line, or only count it once the line is over the limit. */
  private take(piece: Buffer): void {
    if (this.skipping) {
      this.skipping.bytes += piece.length;
      return;
    }
    if (this.size + piece.length <= MAX_MESSAGE_BYTES) {
      this.chunks.push(piece);
      this.size += piece.length;
      return;
    }
    const line = Buffer.concat([...this.chunks, piece]);
    this.skipping = { head: Buffer.from(line.subarray(0, HEAD_BYTES)), bytes: line.length };
    this.chunks = [];
    this.size = 0;
  }

  private endLine(): void {
    if (this.skipping) {
      const { head, bytes } = this.skipping;
      this.skipping = undefined;
      const id = leadingId(head.toString('utf8'));
      this.log(`dejavu mcp: ignored a message of more than 10 MiB (${id === null ? 'no request id found' : `request id ${JSON.stringify(id)}`}, ${mib(bytes)})`);
      this.reply(id, ErrorCode.InvalidRequest, `request too large (${mib(bytes)}; a message may take at most 10 MiB): it was not read`);
      return;
    }
    const text = Buffer.concat(this.chunks).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.size = 0;
    if (text.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      this.log(`dejavu mcp: ignored a line that is not JSON (${(err as Error).message})`);
      this.reply(null, ErrorCode.ParseError, `parse error: ${(err as Error).message}`);
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(json);
    if (!parsed.success) {
      const id = (json as { id?: unknown } | null)?.id;
      this.log('dejavu mcp: ignored a message that is not JSON-RPC 2.0');
      this.reply(typeof id === 'string' || typeof id === 'number' ? id : null, ErrorCode.InvalidRequest, 'invalid request: not a JSON-RPC 2.0 message');
      return;
    }
    this.onmessage?.(parsed.data);
  }

  private reply(id: RequestId, code: number, message: string): void {
    // Written by hand: the SDK's message type has no room for the `null` id JSON-RPC uses when the id is unknown.
    this.output.write(`${JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } })}\n`);
  }
}

/** The request id of a message cut short, when it comes before its params (as clients write it). */
export function leadingId(head: string): RequestId {
  const cut = head.search(/"params"\s*:/);
  const match = /^\s*\{[^{}[\]]*?"id"\s*:\s*(-?\d+(?:\.\d+)?|"(?:[^"\\]|\\.)*")/.exec(cut === -1 ? head : head.slice(0, cut));
  return match ? (JSON.parse(match[1]) as string | number) : null;
}

/**
 * The SDK answers a request whose params do not fit the method's schema as an internal error,
 * its message the schema's issues as raw JSON: said here as invalid params, in a sentence.
 */
function plainParamsError(message: JSONRPCMessage): JSONRPCMessage {
  if (!('error' in message) || message.error.code !== ErrorCode.InternalError) return message;
  let issues: unknown;
  try {
    issues = JSON.parse(message.error.message);
  } catch {
    return message;
  }
  const listed = Array.isArray(issues) && issues.length > 0 && issues.every((i) => Array.isArray(i?.path) && typeof i?.message === 'string');
  if (!listed) return message;
  const said = (issues as { path: (string | number)[]; message: string }[]).map((i) => `${i.path.join('.') || 'params'}: ${i.message}`).join('; ');
  return { ...message, error: { code: ErrorCode.InvalidParams, message: `invalid params: ${said}` } };
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
