/**
 * What a commit to the archive changed, and who hears of it. The writer publishes a change after
 * each transaction; search indexing and digests subscribe (access/follow-writes.ts), so archive/
 * names none of them. The index rows themselves are the durable change log: a subscriber that
 * missed a change (a crash between the commit and it) catches up from them.
 */
import type { Conversation } from '../../../shared/record';
import type { WritableIndex } from './db';

/** One conversation as a commit left it: the record it now reads as, and its index row's keys. */
export interface StoredConversation {
  readonly conversation: Conversation;
  readonly seq: number;
  readonly revision: number;
}

export interface ArchiveChange {
  /** `stored`: a new revision (capture, import, merge); `retained`: eviction changed what it reads as, same revision. */
  readonly kind: 'stored' | 'retained';
  readonly conversations: readonly StoredConversation[];
}

/** Called after the commit; a promise it returns holds the next commit back (backpressure). */
export type ChangeSubscriber = (change: ArchiveChange) => void | Promise<void>;

export class NoSubscriberError extends Error {
  override readonly name = 'NoSubscriberError';
}

/** The subscribers of one writer's commits, told in the order they subscribed. */
export class ChangeFeed {
  private readonly subscribers = new Set<ChangeSubscriber>();

  subscribe(subscriber: ChangeSubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** A change nobody hears would leave search and digests behind until the next catch-up: a bug, so it throws. */
  async publish(change: ArchiveChange): Promise<void> {
    if (change.conversations.length === 0) return;
    if (this.subscribers.size === 0) throw new NoSubscriberError('a commit was published with no subscriber: open the writer through access/open-writer.ts');
    for (const subscriber of [...this.subscribers]) await subscriber(change);
  }
}

/** What a writer's use-cases work through: the archive folder, its index (writer lock held) and its change feed. */
export interface WritableArchive {
  readonly root: string;
  readonly db: WritableIndex;
  readonly changes: ChangeFeed;
}
