/**
 * A conversation's head (everything but its messages) read from its blob without the pages:
 * container 2 keeps the head in its first frame, so only that frame is read from disk and
 * decompressed; container 1 is one frame and is read whole. For what a list shows beside a
 * conversation (e.g. how a linked child relates to it) without decoding every child's thread.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type { Conversation } from '../../../shared/record';
import { archiveContent, readBlob } from './blob-store';
import { decodeConversation } from './codec';
import { insideRoot } from './paths';

const MAGIC_2 = 'DJV2';
/** "DJV2", the compression byte, then the first frame's 4-byte length. */
const PREFIX_BYTES = 9;

export function readBlobHead(root: string, relative: string): Conversation {
  const fd = openSync(insideRoot(root, relative), 'r');
  let bytes: Buffer | undefined;
  try {
    const prefix = Buffer.alloc(PREFIX_BYTES);
    if (readSync(fd, prefix, 0, PREFIX_BYTES, 0) === PREFIX_BYTES && prefix.subarray(0, 4).toString('latin1') === MAGIC_2) {
      const length = prefix.readUInt32BE(5);
      const frame = Buffer.alloc(PREFIX_BYTES + length);
      prefix.copy(frame);
      // A short read leaves the frame cut; decoding it then says the blob is cut short.
      const got = readSync(fd, frame, PREFIX_BYTES, length, PREFIX_BYTES);
      bytes = frame.subarray(0, PREFIX_BYTES + got);
    }
  } finally {
    closeSync(fd);
  }
  if (!bytes) return { ...readBlob(root, relative), messages: [] };
  return decodeConversation(bytes, archiveContent(root));
}
