/** The last few decoded conversations, for paging through long threads without decoding them again. */
import type { Conversation } from '../../../shared/record';
import type { ArchiveReader } from '../use-cases/open-archive';
import { conversationSummary } from '../use-cases/list';
import { readConversation } from '../use-cases/show';

/** Decoded conversations kept. */
const CACHE_SIZE = 4;

export class ThreadCache {
  private readonly cache = new Map<string, { archivedAt: string; conversation: Conversation }>();

  constructor(private readonly reader: ArchiveReader) {}

  /** The conversation as archived now: a cached copy only while its row says it has not changed. */
  get(idOrPrefix: string): Conversation {
    const summary = conversationSummary(this.reader, idOrPrefix);
    const hit = this.cache.get(summary.id);
    if (hit && hit.archivedAt === summary.archivedAt) {
      this.cache.delete(summary.id);
      this.cache.set(summary.id, hit);
      return hit.conversation;
    }
    const conversation = readConversation(this.reader, summary.id);
    this.cache.set(summary.id, { archivedAt: summary.archivedAt, conversation });
    while (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
    return conversation;
  }

  forget(ids: readonly string[]): void {
    for (const id of ids) this.cache.delete(id);
  }

  clear(): void {
    this.cache.clear();
  }
}
