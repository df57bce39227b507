/**
 * The one in-memory shape all three OpenCode stores are read into (export JSON, the
 * `storage/` file tree, `opencode.db`), so a single builder normalizes them alike.
 */
import type { ParseWarning } from '../../../../../shared/record';
import type { Json } from '../json';

/** A record with the verbatim text it was read from (kept as `Message.native`). */
export interface Raw {
  readonly data: Json;
  readonly raw: string;
}

export interface OcMessage {
  readonly info: Raw;
  readonly parts: Raw[];
}

export interface OcSession {
  /** Session info: `id`, `title`, `directory`, `parentID`, `version`, `time`, `tokens`… */
  readonly info: Json;
  readonly messages: OcMessage[];
  /** Problems met while reading the store (a broken part file, a bad row). */
  readonly warnings: ParseWarning[];
  /** The parent's `task` tool call that started this session, where the store shows it. */
  parentToolCallId?: string;
}
