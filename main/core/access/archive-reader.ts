/**
 * Read access to the archive for every surface (CLI, app, MCP): index.db's reader (archive/)
 * plus search (search.db ATTACHed to the same connection) and whole records read as retention
 * left them. Never writes.
 */
import type { Conversation } from '../../../shared/record';
import { IndexReader } from '../archive/index-reader';
import { attachDatabase } from '../archive/index-store/handle';
import { conversationBySeq } from '../archive/index-store/read-conversations';
import { currentMessage, currentThread } from '../retention/restore';
import { type SearchHit, type SearchOptions, searchArchive } from '../search/search';
import { searchDbForReading } from '../search/search-db';
import { rowSources } from '../search/search-rows';

export { AmbiguousIdError, ConversationNotFoundError } from '../archive/index-reader';

export class ArchiveReader extends IndexReader {
  constructor(root: string) {
    // search.db's schema is brought up to date on its own connection, then read through ours.
    super(root, (db) => attachDatabase(db, searchDbForReading(root), 'search'));
  }

  /** The whole record (as retention left it); the index's source-deleted flag is the current truth. */
  get(id: string): Conversation {
    const row = this.row(id);
    const conversation = currentThread(this.root, this.db, row);
    conversation.sourceDeleted = row.source_deleted === 1 || undefined;
    if (!conversation.sourceDeleted) delete conversation.sourceDeleted;
    return conversation;
  }

  search(query: string, options?: SearchOptions): SearchHit[] {
    // A hit deep inside abridged tool output is quoted from the archived message itself.
    return searchArchive(this.db, query, options, (seq, messageIndex, scope) => {
      const row = conversationBySeq(this.db, seq);
      const message = row ? currentMessage(this.root, this.db, row, messageIndex) : undefined;
      return message ? rowSources(message, scope) : [];
    });
  }
}
