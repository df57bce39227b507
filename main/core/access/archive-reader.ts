/**
 * Read access to the archive for every surface (CLI, app, MCP): index.db's reader (archive/)
 * plus search (search.db ATTACHed to the same connection) and whole records read as retention
 * left them. Never writes.
 */
import type { FarConversation } from '../../../shared/far-record';
import type { Conversation } from '../../../shared/record';
import { readBlobFar } from '../archive/blob-store';
import type { FarRead } from '../archive/codec';
import { IndexReader } from '../archive/index-reader';
import { attachDatabase } from '../archive/index-store/handle';
import { conversationBySeq } from '../archive/index-store/read-conversations';
import { currentParts, currentThread } from '../retention/restore';
import { type SearchHit, type SearchOptions, type SearchPage, searchArchive } from '../search/search';
import { searchDbForReading } from '../search/search-db';
import { rowSources } from '../search/search-rows';

export { AmbiguousIdError, ConversationNotFoundError } from '../archive/index-reader';

/** The index's source-deleted flag, the current truth, on the record read. */
function withSourceDeleted<C extends FarConversation>(conversation: C, sourceDeleted: number): C {
  conversation.sourceDeleted = sourceDeleted === 1 || undefined;
  if (!conversation.sourceDeleted) delete conversation.sourceDeleted;
  return conversation;
}

export class ArchiveReader extends IndexReader {
  constructor(root: string) {
    // search.db's schema is brought up to date on its own connection, then read through ours.
    super(root, (db) => attachDatabase(db, searchDbForReading(root), 'search'));
  }

  /** The whole record (as retention left it); the index's source-deleted flag is the current truth. */
  get(id: string): Conversation {
    const row = this.row(id);
    return withSourceDeleted(currentThread(this.root, this.db, row), row.source_deleted);
  }

  /**
   * The same record for a writer that sends it out (`show`, `export`): each stored text over
   * `farAbove` bytes is a far string read from the content store a frame at a time, never whole.
   * Its own type (shared/far-record.ts) keeps it away from every other reader.
   */
  readFar(id: string, read: FarRead): FarConversation {
    const row = this.row(id);
    return withSourceDeleted(
      currentThread(this.root, this.db, row, (root, relative) => readBlobFar(root, relative, read)),
      row.source_deleted,
    );
  }

  /** Every hit of a search (no budget: one page, the whole answer). */
  search(query: string, options?: Omit<SearchOptions, 'budget' | 'cursor'>): SearchHit[] {
    return [...this.searchPage(query, options).hits];
  }

  /** One page of a search: the whole answer unless `options.budget` bounds it (search.ts). */
  searchPage(query: string, options?: SearchOptions): SearchPage {
    // A hit deep inside abridged tool output is quoted from the archived message itself.
    return searchArchive(this.db, query, options, (seq, messageIndex, scope) => {
      const row = conversationBySeq(this.db, seq);
      const parts = row ? currentParts(this.root, this.db, row, messageIndex) : undefined;
      return parts ? rowSources(parts, scope) : [];
    });
  }
}
