/**
 * Reads and writes conversation blobs: each write is atomic (temp file + rename). Large tool
 * outputs and images go to the content store (content-store.ts) first, so a blob on disk never
 * refers to content that is not there yet.
 */
import { closeSync, copyFileSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FarConversation } from '../../../shared/far-record';
import type { Conversation } from '../../../shared/record';
import { type ContentStore, decodeConversation, decodeConversationFar, type FarRead, writeConversation } from './codec';
import { contentStore } from './content-store';
import { insideRoot } from './paths';

/**
 * Returns the bytes the conversation takes: its blob and the stored content it refers to (each
 * counted in full, though another conversation may share it: retention then frees less than it
 * planned, never more, and measures the disk again).
 */
export function writeBlob(root: string, relative: string, conversation: Conversation): number {
  const store = archiveContent(root);
  const referenced = new Map<string, number>();
  const referencing: ContentStore = {
    ...store,
    put(content) {
      const kept = store.put(content);
      referenced.set(kept.hash, kept.bytes);
      return kept;
    },
    putSlices(slices) {
      const kept = store.putSlices(slices);
      referenced.set(kept.hash, kept.bytes);
      return kept;
    },
  };
  let bytes = 0;
  // Page by page into the temp file: a long conversation is never one buffer (blob-container.ts).
  placeAtomically(root, relative, (temp) => {
    const fd = openSync(temp, 'w');
    try {
      bytes = writeConversation(conversation, (chunk) => writeAll(fd, chunk), referencing);
    } finally {
      closeSync(fd);
    }
  });
  return bytes + [...referenced.values()].reduce((n, b) => n + b, 0);
}

function writeAll(fd: number, bytes: Buffer): void {
  for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
}

/** The content store of the archive at `root`. */
export function archiveContent(root: string): ContentStore {
  return contentStore(root, (relative, fill) => placeAtomically(root, relative, fill));
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
  return decodeConversation(readFileSync(insideRoot(root, relative)), archiveContent(root));
}

/** The same, its stored texts over `farAbove` bytes left in the store as far strings: for the outgoing writers only (codec.ts decodeConversationFar). */
export function readBlobFar(root: string, relative: string, read: FarRead): FarConversation {
  return decodeConversationFar(readFileSync(insideRoot(root, relative)), archiveContent(root), read);
}

export function removeBlob(root: string, relative: string): void {
  rmSync(insideRoot(root, relative), { force: true });
}
