/**
 * A conversation's head (everything but its messages) read from its blob without the pages:
 * container 2 keeps the head in its first frame, so only that frame is read from disk and
 * decompressed; container 1 is one frame and is read whole. For what a list shows beside a
 * conversation (e.g. how a linked child relates to it) without decoding every child's thread.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type { Conversation } from '../../../shared/record';
import { HEAD_PREFIX_BYTES, headBytes } from './blob-container';
import { archiveContent, readBlob } from './blob-store';
import { decodeConversation } from './codec';
import { insideRoot } from './paths';

export function readBlobHead(root: string, relative: string): Conversation {
  const fd = openSync(insideRoot(root, relative), 'r');
  let bytes: Buffer | undefined;
  try {
    const prefix = Buffer.alloc(HEAD_PREFIX_BYTES);
    const length = headBytes(prefix.subarray(0, readSync(fd, prefix, 0, HEAD_PREFIX_BYTES, 0)));
    if (length !== undefined) {
      const head = Buffer.alloc(length);
      // A short read leaves the frame cut; decoding it then says the blob is cut short.
      bytes = head.subarray(0, readSync(fd, head, 0, length, 0));
    }
  } finally {
    closeSync(fd);
  }
  if (!bytes) return { ...readBlob(root, relative), messages: [] };
  return decodeConversation(bytes, archiveContent(root));
}
