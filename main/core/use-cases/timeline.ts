/** Timeline: what happened in a repository (and branch), across every agent, in time order. */
import type { TimelineAnswer } from '../../../shared/timeline';
import type { ArchiveReader } from '../access/archive-reader';
import type { TimelineQuery } from '../../../shared/timeline';
import { timeline } from '../timeline/timeline-query';

export type { TimelineQuery } from '../../../shared/timeline';

export function timelineOf(reader: ArchiveReader, query: TimelineQuery = {}): TimelineAnswer {
  return timeline(reader.db, query);
}

/** The repositories the archive knows (to say what could have been meant when nothing matched). */
export function repositoryNames(reader: ArchiveReader): string[] {
  return timeline(reader.db, {}).repositories.map((x) => x.name);
}
