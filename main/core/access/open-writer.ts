/**
 * How every use-case opens the archive's writer: with the writer lock, the redaction the person
 * chose at capture, and search indexing and digests following its commits (follow-writes.ts).
 */
import type { Conversation } from '../../../shared/record';
import { ArchiveWriter } from '../archive/archive-writer';
import type { ReadableIndex } from '../archive/db';
import { redactConversation } from '../redact/redact-conversation';
import { readPrivacy } from '../redact/settings';
import { followWrites, type WriteFollowers } from './follow-writes';

/** The archive's writer with its subscribers: what capture, merge, eviction and repair write through. */
export class FollowedWriter extends ArchiveWriter {
  readonly follow: WriteFollowers;

  constructor(root: string) {
    super(root, { prepareBatch: redactionAtCapture });
    this.follow = followWrites(this);
  }

  override close(): void {
    try {
      this.follow.close();
    } finally {
      super.close();
    }
  }
}

/** Takes the writer lock (throws ArchiveBusyError when another process holds it). */
export function openArchiveWriter(root: string): FollowedWriter {
  return new FollowedWriter(root);
}

/** Opt-in: secrets masked before anything is merged, written or indexed (redact/README.md). */
function redactionAtCapture(db: ReadableIndex): ((c: Conversation) => Conversation) | undefined {
  return readPrivacy(db).redactAtCapture ? (c) => redactConversation(c).conversation : undefined;
}
