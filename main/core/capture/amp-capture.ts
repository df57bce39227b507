/**
 * `dejavu capture amp`: Amp keeps its threads on its server, so the conversation is captured
 * while it happens. Amp runs with `--execute --stream-json`; its stdout (NDJSON) is passed
 * through unchanged and appended to `<archive>/captures/amp/<time>-<pid>.jsonl`, which is
 * ingested into the archive when the thread id appears, every so often while it runs, and
 * when Amp exits. stdin and stderr stay on the person's terminal.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { type FollowedWriter, openArchiveWriter } from '../access/open-writer';
import { ArchiveBusyError } from '../archive/lock';
import { insideRoot } from '../archive/paths';
import { ampProvider } from '../providers/amp';
import { ingestFiles } from './ingest';

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

export type IngestReason = 'thread-id' | 'periodic' | 'exit';

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

const SESSION_ID = /"session_id"\s*:\s*"(T-[0-9A-Za-z-]+)"/;

export async function captureAmp(options: AmpCaptureOptions): Promise<AmpCaptureResult> {
  const env = options.env ?? process.env;
  const bin = options.bin ?? env.DEJAVU_AMP_BIN ?? 'amp';
  const out = options.stdout ?? process.stdout;
  const captureRel = path.join('captures', 'amp', captureName(new Date(), process.pid));
  const capturePath = insideRoot(options.root, captureRel);
  mkdirSync(path.dirname(capturePath), { recursive: true });
  const fd = openSync(capturePath, 'a');
  let fdOpen = true;

  const errors: string[] = [];
  const ingests: IngestReason[] = [];
  let conversationIds: string[] = [];
  let threadId: string | undefined;
  let pending: Buffer = Buffer.alloc(0);
  let bytes = 0;
  let ingestedBytes = -1;
  let ingesting: Promise<boolean> | undefined;
  let lastFailureBusy = false;

  /** One ingest at a time; the writer (and its lock) is held only for the ingest itself. */
  const ingest = (reason: IngestReason): Promise<boolean> => {
    const run = async (): Promise<boolean> => {
      const size = bytes;
      let writer: FollowedWriter | undefined;
      try {
        writer = openArchiveWriter(options.root);
        const report = await ingestFiles(writer, [{ path: capturePath, provider: ampProvider, instance: 'host' }], { force: true });
        if (report.errors.length) throw new Error(report.errors.map((e) => e.message).join('; '));
        conversationIds = [...report.created, ...report.updated];
        ingestedBytes = size;
        ingests.push(reason);
        return true;
      } catch (err) {
        // A sync holding the archive is expected: retried later. Anything else is reported.
        lastFailureBusy = err instanceof ArchiveBusyError;
        if (!lastFailureBusy) errors.push((err as Error).message);
        return false;
      } finally {
        writer?.close();
      }
    };
    const next = (ingesting ?? Promise.resolve(true)).then(run, run);
    ingesting = next;
    return next;
  };

  /** Bytes go to the file as Amp wrote them, whole lines at a time; the thread id is looked for until found. */
  const appendLines = (chunk: Buffer): void => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    const nl = pending.lastIndexOf(10);
    if (nl === -1) return;
    const whole = pending.subarray(0, nl + 1);
    pending = Buffer.from(pending.subarray(nl + 1));
    writeSync(fd, whole);
    bytes += whole.length;
    if (!threadId) {
      const m = SESSION_ID.exec(whole.toString('utf8'));
      if (m) {
        threadId = m[1];
        void ingest('thread-id');
      }
    }
  };

  const child = spawn(bin, ampArgs(options.args), { cwd: options.cwd, env, stdio: ['inherit', 'pipe', 'inherit'] });
  // Ctrl-C reaches Amp through the terminal; we stay to archive what it printed. A signal sent to
  // us alone is handed on to Amp.
  const forward = (signal: NodeJS.Signals) => () => {
    if (signal !== 'SIGINT') child.kill(signal);
  };
  const handlers = (['SIGINT', 'SIGTERM', 'SIGHUP'] as const).map((s) => [s, forward(s)] as const);
  for (const [s, h] of handlers) process.on(s, h);

  const timer =
    (options.ingestEveryMs ?? 30_000) > 0
      ? setInterval(() => {
          if (threadId && bytes !== ingestedBytes) void ingest('periodic');
        }, options.ingestEveryMs ?? 30_000)
      : undefined;

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
    appendLines(chunk);
  });

  let exitCode: number;
  try {
    exitCode = await new Promise<number>((resolve, reject) => {
      child.once('error', (err) => reject(new AmpNotStartedError(`could not start ${bin}: ${err.message}`)));
      child.once('close', (code, signal) => resolve(code ?? (signal ? 128 + signalNumber(signal) : 1)));
    });
  } catch (err) {
    cleanup();
    rmIfEmpty();
    throw err;
  }
  if (pending.length) {
    // A last line without a newline: kept as Amp wrote it.
    writeSync(fd, pending);
    bytes += pending.length;
    pending = Buffer.alloc(0);
  }
  cleanup();
  if (rmIfEmpty()) return { exitCode, conversationIds, ingests, archived: false, errors };

  await ingesting;
  let archived = bytes === ingestedBytes;
  const deadline = Date.now() + (options.busyRetryMs ?? 15_000);
  while (!archived) {
    archived = await ingest('exit');
    if (archived || !lastFailureBusy || Date.now() >= deadline) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return { exitCode, capturePath, threadId, conversationIds, ingests, archived, errors };

  function cleanup(): void {
    if (timer) clearInterval(timer);
    for (const [s, h] of handlers) process.off(s, h);
    out.off('error', onOutError);
    if (fdOpen) {
      closeSync(fd);
      fdOpen = false;
    }
  }

  function rmIfEmpty(): boolean {
    try {
      if (statSync(capturePath).size > 0) return false;
      rmSync(capturePath, { force: true });
      return true;
    } catch {
      return false;
    }
  }
}

function signalNumber(signal: NodeJS.Signals): number {
  const numbers: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGKILL: 9, SIGTERM: 15 };
  return numbers[signal] ?? 0;
}
