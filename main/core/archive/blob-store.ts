/** Reads and writes conversation blobs: each write is atomic (temp file + rename). */
import { copyFileSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Conversation } from '../../../shared/record';
import { decodeConversation, encodeConversation } from './codec';
import { insideRoot } from './paths';

export function writeBlob(root: string, relative: string, conversation: Conversation): number {
  const bytes = encodeConversation(conversation);
  placeAtomically(root, relative, (temp) => writeFileSync(temp, bytes));
  return bytes.length;
}

/** Copy a blob to another name, atomically: the copy is whole or absent. */
export function copyBlob(root: string, from: string, to: string): void {
  const source = insideRoot(root, from);
  placeAtomically(root, to, (temp) => copyFileSync(source, temp));
}

function placeAtomically(root: string, relative: string, fill: (temp: string) => void): void {
  const target = insideRoot(root, relative);
  mkdirSync(path.dirname(target), { recursive: true });
  // Temp files live in one folder the writer empties when it starts, so a crash leaves no litter.
  const tempDir = path.join(root, TEMP_DIR);
  mkdirSync(tempDir, { recursive: true });
  const temp = path.join(tempDir, `${randomBytes(8).toString('hex')}.tmp`);
  try {
    fill(temp);
    renameSync(temp, target);
  } catch (err) {
    // A half-written temp file (disk full) would only take the room a retry needs.
    rmSync(temp, { force: true });
    throw err;
  }
}

/** Starts with a dot: no sanitized workspace name can collide with it. */
export const TEMP_DIR = '.tmp';

/** Remove what an interrupted writer left half-written. Only the lock holder may call this. */
export function clearTemp(root: string): void {
  rmSync(path.join(root, TEMP_DIR), { recursive: true, force: true });
}

export function readBlob(root: string, relative: string): Conversation {
  return decodeConversation(readFileSync(insideRoot(root, relative)));
}

export function removeBlob(root: string, relative: string): void {
  rmSync(insideRoot(root, relative), { force: true });
}
