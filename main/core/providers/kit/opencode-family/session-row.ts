/** A session row of `opencode.db` (v1 `session` or OpenCode 2's `session_v2`) as the session info build.ts reads. */
import type { Json } from '../json';

export function sessionInfo(row: Readonly<Record<string, unknown>>): Json {
  const info: Json = {
    id: row.id,
    projectID: row.project_id,
    directory: row.directory,
    title: row.title,
    version: row.version,
    time: { created: row.time_created, updated: row.time_updated },
  };
  const parent = row.parent_id ?? row.parent_session_id;
  if (typeof parent === 'string' && parent) info.parentID = parent;
  if (row.tokens_input !== undefined) {
    info.tokens = {
      input: row.tokens_input,
      output: row.tokens_output,
      reasoning: row.tokens_reasoning,
      cache: { read: row.tokens_cache_read, write: row.tokens_cache_write },
    };
  }
  return info;
}
