/** Pin: keep a conversation whole, whatever the budget says (or let eviction treat it like any other). */
import type { ArchiveReader } from '../access/archive-reader';
import { setPinned } from '../retention/pins';
import type { ArchiveWrites } from './writes';

/**
 * Under the writer lock: a running sync or sweep finishes first, so no step of it thins a
 * conversation pinned meanwhile.
 */
export async function pinConversation(reader: ArchiveReader, writes: ArchiveWrites, idOrPrefix: string, pinned: boolean): Promise<{ id: string; pinned: boolean }> {
  const id = reader.resolveId(idOrPrefix);
  await writes.withIndex((db) => setPinned(db, id, pinned));
  return { id, pinned };
}
