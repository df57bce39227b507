/**
 * How every walk for session files lists a folder (the providers' locate, `dejavu import`, a
 * `--source` folder searched by content), so that nothing is passed over without a word:
 * - an absent folder is nothing; an unreadable one (EACCES) is named;
 * - symbolic links are followed, to files and folders alike, wherever they lead (people move a
 *   session folder to another disk and link it back); the credential rule applies to the link's
 *   target too, and a folder already listed in this walk is never listed again through a link,
 *   so a link loop ends at once (and is named);
 * - credential-like files a walk would have taken are named, never opened.
 * What was passed over goes to the walk's SkipLog; sync and import report it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Dirent, Stats } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isCredentialFile } from './credentials';

/** A file or folder a sync or import passed over, and why (shown in its report). */
export interface Skipped {
  readonly path: string;
  readonly reason: string;
}

/** Everything a sync or import passed over, each path once. */
export class SkipLog {
  private readonly byPath = new Map<string, Skipped>();

  add(filePath: string, reason: string): void {
    const abs = path.resolve(filePath);
    if (!this.byPath.has(abs)) this.byPath.set(abs, { path: abs, reason });
  }

  get skipped(): Skipped[] {
    return [...this.byPath.values()];
  }
}

/** A directory entry; a followed symbolic link answers for its target. */
export interface DirEntry {
  readonly name: string;
  isFile(): boolean;
  isDirectory(): boolean;
}

interface Walk {
  readonly log: SkipLog;
  /** Real path → the path each folder listed so far was first listed by. */
  readonly listed: Map<string, string>;
}

/**
 * The walk in progress, carried through the async calls of one locate or import walk so the
 * providers' folder helpers need no extra parameter (they only call listDir).
 */
const current = new AsyncLocalStorage<Walk>();

/** Runs one walk (a provider's locate in one home, an import of one path): what it passes over goes to `log`. */
export function walking<T>(log: SkipLog, fn: () => Promise<T>): Promise<T> {
  return current.run({ log, listed: new Map() }, fn);
}

/** Names a path the current walk passes over (outside a walk, nobody is listening). */
export function skip(filePath: string, reason: string): void {
  current.getStore()?.log.add(filePath, reason);
}

/** False, and the file named, when it is credential-like: for a walk's filter before anything is opened. */
export function keepUnlessCredential(filePath: string): boolean {
  if (!isCredentialFile(filePath)) return true;
  skip(filePath, 'named like a credential file: never opened');
  return false;
}

/** The entries of a folder; none when it is absent, named when it cannot be read. */
export async function listDir(dir: string): Promise<DirEntry[]> {
  let entries: Dirent[];
  try {
    const real = await realpath(dir);
    const walk = current.getStore();
    const first = walk?.listed.get(real);
    if (first !== undefined && first !== path.resolve(dir)) {
      skip(dir, `symbolic link to ${real}, a folder already read: not read again`);
      return [];
    }
    walk?.listed.set(real, path.resolve(dir));
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    unreadableFolder(dir, err);
    return [];
  }
  const out: DirEntry[] = [];
  for (const entry of entries) {
    if (!entry.isSymbolicLink()) out.push(entry);
    else {
      const followed = await follow(path.join(dir, entry.name));
      if (followed) out.push(followed);
    }
  }
  return out;
}

async function follow(link: string): Promise<DirEntry | undefined> {
  let target: Stats;
  let real: string;
  try {
    real = await realpath(link);
    target = await stat(real);
  } catch {
    return undefined; // a broken link: nothing behind it to read
  }
  if (!target.isDirectory() && isCredentialFile(real) && !isCredentialFile(link)) {
    skip(link, `symbolic link to ${real}, named like a credential file: never opened`);
    return undefined;
  }
  return { name: path.basename(link), isFile: () => target.isFile(), isDirectory: () => target.isDirectory() };
}

/** Names a folder the walk could not list; an absent one is nothing to name. */
export function unreadableFolder(dir: string, err: unknown): void {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return; // absent: nothing of the agent's here
  skip(dir, `unreadable folder: ${code === 'EACCES' || code === 'EPERM' ? 'permission denied' : (err as Error).message} (${code ?? 'error'})`);
}

/** What a file's name must be for a walk to take it: the exact name, or a pattern. */
export type NameMatch = string | RegExp;

function matches(name: string, match: NameMatch): boolean {
  return typeof match === 'string' ? name === match : match.test(name);
}

/** The sub-folders of a folder, as full paths, in name order. */
export async function subfolders(dir: string): Promise<string[]> {
  return (await listDir(dir))
    .filter((e) => e.isDirectory())
    .map((e) => path.join(dir, e.name))
    .sort();
}

/** The files directly in a folder whose names match, as full paths; credential-like ones are named and left. */
export async function filesIn(dir: string, match: NameMatch): Promise<string[]> {
  return (await listDir(dir))
    .filter((e) => e.isFile() && matches(e.name, match))
    .map((e) => path.join(dir, e.name))
    .filter(keepUnlessCredential)
    .sort();
}

/** The matching files in a folder and its sub-folders down to `maxDepth` levels below it. */
export async function filesUnder(dir: string, match: NameMatch, maxDepth: number): Promise<string[]> {
  const found = await filesIn(dir, match);
  if (maxDepth > 0) for (const sub of await subfolders(dir)) found.push(...(await filesUnder(sub, match, maxDepth - 1)));
  return found;
}

/** The folders `<home>/<rel>` of a manifest's session folders (`/`-separated, relative to a home). */
export function homeFolders(home: string, folders: readonly string[]): string[] {
  return folders.map((rel) => path.resolve(home, ...rel.split('/')));
}

/**
 * Roots a person moved elsewhere with an environment variable (`$CODEX_HOME`…): they count only
 * when `home` is this user's own (a jackin container's home is not governed by our env).
 */
export function ownEnvRoots(home: string, ...values: (string | undefined)[]): string[] {
  if (path.resolve(home) !== path.resolve(os.homedir())) return [];
  return values.filter((v): v is string => !!v).map((v) => path.resolve(v));
}

/** What `find` returns for each folder, each file once, in path order. */
export async function gather(dirs: readonly string[], find: (dir: string) => Promise<string[]>): Promise<string[]> {
  const found = new Set<string>();
  for (const dir of new Set(dirs)) for (const file of await find(dir)) found.add(file);
  return [...found].sort();
}
