/**
 * `dejavu capture amp`: Amp keeps its threads on its server, so the conversation is captured
 * while it happens. Amp runs with `--execute --stream-json`; its stdout (NDJSON) is passed
 * through unchanged and appended to `<archive>/captures/amp/<time>-<pid>.jsonl`, which is
 * ingested into the archive when the thread id appears, every so often while it runs, and
 * when Amp exits. stdin and stderr stay on the person's terminal.
 */
import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { insideRoot } from '../archive/paths';
import { AmpCaptureFile, type IngestReason } from './amp-capture-file';

export type { IngestReason } from './amp-capture-file';

export interface AmpCaptureOptions {
  /** Archive folder. */
  readonly root: string;
  /** The person's arguments for `amp`. */
  readonly args: readonly string[];
  /** The amp executable (default: `$DEJAVU_AMP_BIN`, else `amp`). */
  readonly bin?: string;
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Where Amp's stdout goes (default: this process's stdout). */
  readonly stdout?: NodeJS.WritableStream;
  /** Ingest while Amp runs at most this often, when the capture grew (default 30 s; 0 = never). */
  readonly ingestEveryMs?: number;
  /** How long to keep retrying at exit while another Déjà Vu process holds the archive (default 15 s). */
  readonly busyRetryMs?: number;
}

export interface AmpCaptureResult {
  /** Amp's exit code (128 + signal number when it was killed). */
  readonly exitCode: number;
  /** The capture file, or undefined when Amp printed nothing. */
  readonly capturePath?: string;
  readonly threadId?: string;
  /** Conversations the last successful ingest stored. */
  readonly conversationIds: string[];
  /** Each successful ingest, in order. */
  readonly ingests: IngestReason[];
  /** The capture is in the archive as of Amp's exit. When false it is kept for the next sync. */
  readonly archived: boolean;
  readonly errors: string[];
}

export class AmpNotStartedError extends Error {
  override readonly name = 'AmpNotStartedError';
}

const EXECUTE_FLAGS = new Set(['-x', '--execute']);
const STREAM_FLAGS = new Set(['--stream-json', '--stream-json-thinking']);

/**
 * The person's arguments plus what capture needs: `--execute` (Amp streams JSON only in execute
 * mode) and `--stream-json`, each unless already given. They go last, as Amp's own SDK puts
 * them (`amp threads continue <id> --execute --stream-json`), so no positional is taken as a flag value.
 */
export function ampArgs(args: readonly string[]): string[] {
  const has = (set: Set<string>) => args.some((a) => set.has(a) || [...set].some((f) => f.startsWith('--') && a.startsWith(`${f}=`)));
  const out = [...args];
  if (!has(EXECUTE_FLAGS)) out.push('--execute');
  if (!has(STREAM_FLAGS)) out.push('--stream-json');
  return out;
}

/** `2026-06-12T10-15-00-123Z-<pid>.jsonl`: sortable, safe on every file system. */
function captureName(now: Date, pid: number): string {
  return `${now.toISOString().replace(/:/g, '-').replace('.', '-')}-${pid}.jsonl`;
}

export async function captureAmp(options: AmpCaptureOptions): Promise<AmpCaptureResult> {
  const env = options.env ?? process.env;
  const bin = options.bin ?? env.DEJAVU_AMP_BIN ?? 'amp';
  const file = new AmpCaptureFile(options.root, insideRoot(options.root, path.join('captures', 'amp', captureName(new Date(), process.pid))));
  const child = spawn(bin, ampArgs(options.args), { cwd: options.cwd, env, stdio: ['inherit', 'pipe', 'inherit'] });
  const stopForwarding = forwardSignals(child);
  const everyMs = options.ingestEveryMs ?? 30_000;
  const timer =
    everyMs > 0
      ? setInterval(() => {
          if (file.threadId && file.grown) void file.ingest('periodic');
        }, everyMs)
      : undefined;
  const stopPassing = passThrough(child, options.stdout ?? process.stdout, (chunk) => file.append(chunk));
  const cleanup = (): void => {
    if (timer) clearInterval(timer);
    stopForwarding();
    stopPassing();
    file.close();
  };

  let exitCode: number;
  try {
    exitCode = await exitOf(child, bin);
  } catch (err) {
    cleanup();
    file.removeIfEmpty();
    throw err;
  }
  file.flushPending();
  cleanup();
  const { conversationIds, ingests, errors } = file;
  if (file.removeIfEmpty()) return { exitCode, conversationIds, ingests, archived: false, errors };
  const archived = await file.archiveAtExit(options.busyRetryMs ?? 15_000);
  return { exitCode, capturePath: file.path, threadId: file.threadId, conversationIds: file.conversationIds, ingests, archived, errors };
}

/**
 * Ctrl-C reaches Amp through the terminal; we stay to archive what it printed. A signal sent to
 * us alone is handed on to Amp. Returns the undo.
 */
function forwardSignals(child: ChildProcess): () => void {
  const forward = (signal: NodeJS.Signals) => () => {
    if (signal !== 'SIGINT') child.kill(signal);
  };
  const handlers = (['SIGINT', 'SIGTERM', 'SIGHUP'] as const).map((s) => [s, forward(s)] as const);
  for (const [s, h] of handlers) process.on(s, h);
  return () => {
    for (const [s, h] of handlers) process.off(s, h);
  };
}

/** Amp's stdout to ours, unchanged, and to `onChunk`. Returns the undo of the error listener. */
function passThrough(child: ChildProcessByStdio<null, Readable, null>, out: NodeJS.WritableStream, onChunk: (chunk: Buffer) => void): () => void {
  // A reader that went away (`| head`) must not stop the capture: the file still gets every line.
  let outOpen = true;
  const onOutError = (): void => {
    outOpen = false;
    child.stdout.resume();
  };
  out.on('error', onOutError);
  child.stdout.on('data', (chunk: Buffer) => {
    // Pass-through first and unchanged; a slow reader of our stdout slows Amp, not memory.
    if (outOpen && !out.write(chunk)) {
      child.stdout.pause();
      out.once('drain', () => child.stdout.resume());
    }
    onChunk(chunk);
  });
  return () => {
    out.off('error', onOutError);
  };
}

/** Amp's exit code (128 + signal number when it was killed); AmpNotStartedError when it could not start. */
function exitOf(child: ChildProcess, bin: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    child.once('error', (err) => reject(new AmpNotStartedError(`could not start ${bin}: ${err.message}`)));
    child.once('close', (code, signal) => resolve(code ?? (signal ? 128 + signalNumber(signal) : 1)));
  });
}

function signalNumber(signal: NodeJS.Signals): number {
  const numbers: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGKILL: 9, SIGTERM: 15 };
  return numbers[signal] ?? 0;
}
