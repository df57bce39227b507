/** Files: the conversations that touched a file, or the files a conversation touched, with their edits. */
import type { FilesAnswer, FileTouchEntry } from '../../../shared/files';
import type { Conversation } from '../../../shared/record';
import type { ArchiveReader } from '../access/archive-reader';
import { editsToFile } from '../files/file-diffs';
import { conversationsTouching, filesOfConversation } from '../files/files-query';

/** Every file one conversation (an id or a unique prefix) touched through its tool calls. */
export function filesOf(reader: ArchiveReader, idOrPrefix: string): FilesAnswer {
  return filesOfConversation(reader.db, reader.resolveId(idOrPrefix));
}

/** The conversations that touched `absolute` (or the path as typed, relative, in any checkout). */
export function touching(reader: ArchiveReader, absolute: string, typed?: string): FilesAnswer {
  return conversationsTouching(reader.db, absolute, typed);
}

/**
 * Each entry with its conversation's edits to its path. A thread that cannot be read (the digest
 * outlives it) keeps its entry without edits; `unreadable` hears which and why.
 */
export function withEdits(answer: FilesAnswer, thread: (id: string) => Conversation, unreadable: (entry: FileTouchEntry, err: unknown) => void): FilesAnswer {
  const entries = answer.entries.map((e) => {
    try {
      return { ...e, diffs: editsToFile(thread(e.conversationId), e.path) };
    } catch (err) {
      unreadable(e, err);
      return e;
    }
  });
  return { ...answer, entries };
}
