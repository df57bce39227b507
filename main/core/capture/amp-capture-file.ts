/**
 * The file one `dejavu capture amp` run appends Amp's NDJSON to, and its ingests into the
 * archive: one at a time, the writer (and its lock) held only for the ingest itself.
 */
import { closeSync, mkdirSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { type FollowedWriter, openArchiveWriter } from '../access/open-writer';
import { ArchiveBusyError } from '../archive/lock';
import { ampProvider } from '../providers/amp';
import { ingestFiles } from './ingest';

export type IngestReason = 'thread-id' | 'periodic' | 'exit';

const SESSION_ID = /"session_id"\s*:\s*"(T-[0-9A-Za-z-]+)"/;

export class AmpCaptureFile {
  readonly errors: string[] = [];
  /** Each successful ingest, in order. */
  readonly ingests: IngestReason[] = [];
  /** Conversations the last successful ingest stored. */
  conversationIds: string[] = [];
  threadId: string | undefined;
  private fd: number | undefined;
  private pending: Buffer = Buffer.alloc(0);
  private bytes = 0;
  private ingestedBytes = -1;
  private ingesting: Promise<boolean> | undefined;
  private lastFailureBusy = false;

  constructor(
    private readonly root: string,
    readonly path: string,
  ) {
    mkdirSync(dirname(this.path), { recursive: true });
    this.fd = openSync(this.path, 'a');
  }

  /** Bytes written since the last successful ingest. */
  get grown(): boolean {
    return this.bytes !== this.ingestedBytes;
  }

  /** Bytes go to the file as Amp wrote them, whole lines at a time; the thread id is looked for until found. */
  append(chunk: Buffer): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const nl = this.pending.lastIndexOf(10);
    if (nl === -1) return;
    const whole = this.pending.subarray(0, nl + 1);
    this.pending = Buffer.from(this.pending.subarray(nl + 1));
    this.write(whole);
    if (!this.threadId) {
      const m = SESSION_ID.exec(whole.toString('utf8'));
      if (m) {
        this.threadId = m[1];
        void this.ingest('thread-id');
      }
    }
  }

  /** A last line without a newline: kept as Amp wrote it. */
  flushPending(): void {
    if (!this.pending.length) return;
    this.write(this.pending);
    this.pending = Buffer.alloc(0);
  }

  close(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
  }

  /** Removes the file when Amp printed nothing; true when it did. */
  removeIfEmpty(): boolean {
    try {
      if (statSync(this.path).size > 0) return false;
      rmSync(this.path, { force: true });
      return true;
    } catch {
      return false;
    }
  }

  /** One ingest at a time, queued behind the one running. */
  ingest(reason: IngestReason): Promise<boolean> {
    const run = () => this.runIngest(reason);
    const next = (this.ingesting ?? Promise.resolve(true)).then(run, run);
    this.ingesting = next;
    return next;
  }

  /** After Amp exited: waits for the running ingest, then ingests the rest, retrying while another process holds the archive. */
  async archiveAtExit(busyRetryMs: number): Promise<boolean> {
    await this.ingesting;
    let archived = !this.grown;
    const deadline = Date.now() + busyRetryMs;
    while (!archived) {
      archived = await this.ingest('exit');
      if (archived || !this.lastFailureBusy || Date.now() >= deadline) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    return archived;
  }

  private write(bytes: Buffer): void {
    if (this.fd === undefined) throw new Error(`${this.path} was closed before Amp's output ended`);
    writeSync(this.fd, bytes);
    this.bytes += bytes.length;
  }

  private async runIngest(reason: IngestReason): Promise<boolean> {
    const size = this.bytes;
    let writer: FollowedWriter | undefined;
    try {
      writer = openArchiveWriter(this.root);
      const report = await ingestFiles(writer, [{ path: this.path, provider: ampProvider, instance: 'host' }], { force: true });
      if (report.errors.length) throw new Error(report.errors.map((e) => e.message).join('; '));
      this.conversationIds = [...report.created, ...report.updated];
      this.ingestedBytes = size;
      this.ingests.push(reason);
      return true;
    } catch (err) {
      // A sync holding the archive is expected: retried later. Anything else is reported.
      this.lastFailureBusy = err instanceof ArchiveBusyError;
      if (!this.lastFailureBusy) this.errors.push((err as Error).message);
      return false;
    } finally {
      writer?.close();
    }
  }
}
