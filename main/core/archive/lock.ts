/**
 * One writer per archive: sync and eviction take this lock file. A lock left by a killed
 * process (its pid is gone) is taken over, so a crash never wedges the archive.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { LOCK_FILE } from './paths';
import { retrySync } from './retry-sync';

export class ArchiveBusyError extends Error {
  override readonly name = 'ArchiveBusyError';

  /** True when the holder keeps the archive for as long as it runs (live capture): waiting for it is pointless. */
  constructor(
    message: string,
    readonly holdsForever = false,
  ) {
    super(message);
  }
}

/** Holders that keep the lock while they run, syncing by themselves. */
function holdsForever(holder: string): boolean {
  return holder === 'dejavu serve' || holder === 'dejavu sync --watch' || holder === 'the Déjà Vu app';
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface WriterLock {
  release(): void;
}

/** Who this process is, written in the lock so a refused writer can say who holds it. */
let writerName = '';

/** Name this process in the locks it takes: `dejavu serve`, `dejavu sync --watch`, `the Déjà Vu app`. */
export function setWriterName(name: string): void {
  writerName = name.replace(/\s+/g, ' ').trim();
}

/** Who holds the lock and what to do about it, for the busy error. */
function busyMessage(root: string, pid: number, holder: string): string {
  const who = `${holder || 'another Déjà Vu process'} (pid ${pid})`;
  // These keep the archive synced by themselves for as long as they run.
  const live = holdsForever(holder);
  const stop = holder === 'the Déjà Vu app' ? 'quit the app' : `stop it (Ctrl-C where it runs, or kill ${pid})`;
  return live
    ? `${who} is writing the archive ${root}: it syncs by itself while it runs, so a sync here is not needed; to run this command anyway, ${stop} first`
    : `${who} is writing the archive ${root}: wait for it to finish, then run this again`;
}

/** Tokens of the locks this process holds: a lock file with our pid but another token was left by a dead process whose pid we reuse. */
const held = new Set<string>();

/**
 * Take the archive's writer lock. A writer that just ended (or is ending) may still hold it for
 * a moment, so a busy lock is retried for up to `waitMs` before the busy error.
 */
export function acquireWriterLock(root: string, waitMs = 1500): WriterLock {
  return retrySync(() => tryAcquire(root), (err) => err instanceof ArchiveBusyError, waitMs, 50);
}

function tryAcquire(root: string): WriterLock {
  const file = path.join(root, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const token = randomBytes(8).toString('hex');
      createLockFile(file, `${process.pid} ${token}${writerName ? ` ${writerName}` : ''}`);
      held.add(token);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          held.delete(token);
          rmSync(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const [pidText, token, ...name] = readFileSafe(file).trim().split(/\s+/);
      const pid = Number.parseInt(pidText, 10);
      if (pid === process.pid && token !== undefined && held.has(token)) {
        throw new ArchiveBusyError('this process is already writing this archive (one writer at a time)');
      }
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new ArchiveBusyError(busyMessage(root, pid, name.join(' ')), holdsForever(name.join(' ')));
      }
      // No pid in it: a lock being written by another Déjà Vu that creates it in place (an older
      // build, or a file system without hard links) is taken over only once it is old enough
      // that its writer would have finished.
      if (!(Number.isInteger(pid) && pid > 0) && youngerThan(file, UNWRITTEN_LOCK_MS)) throw new ArchiveBusyError(`another Déjà Vu process is taking the archive ${root}: wait a moment, then run this again`);
      rmSync(file, { force: true });
    }
  }
  throw new ArchiveBusyError('could not take the archive write lock');
}

/** A lock without a pid this recent may still be being written. */
const UNWRITTEN_LOCK_MS = 5000;

/**
 * The lock file appears with its content or not at all: written under a temporary name, then
 * hard-linked to the lock's name, which fails (EEXIST) when another writer holds it. Created and
 * written in place, another process could read it empty in between, take it for a dead writer's
 * and remove it: two writers at once. Where hard links are not supported, it is created in place.
 */
function createLockFile(file: string, content: string): void {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, content, { flag: 'wx' });
  try {
    linkSync(temp, file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw err;
    const fd = openSync(file, 'wx');
    try {
      writeSync(fd, content);
    } finally {
      closeSync(fd);
    }
  } finally {
    rmSync(temp, { force: true });
  }
  // A writer killed between the two steps left its temporary file: gone once its pid is.
  for (const name of readdirSync(path.dirname(file))) {
    const pid = name.startsWith(`${path.basename(file)}.`) ? Number.parseInt(name.slice(path.basename(file).length + 1), 10) : NaN;
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && !alive(pid)) rmSync(path.join(path.dirname(file), name), { force: true });
  }
}

function youngerThan(file: string, ms: number): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs < ms;
  } catch {
    return false;
  }
}

function readFileSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
