/** Recognises OpenCode-format JSON (an export, a `storage/session` file) from its first bytes, without parsing it. */
const EXPORT_HEAD = /^\{\s*"info"\s*:\s*\{/;
const SESSION_INFO_HEAD = /^\{\s*"id"\s*:\s*"ses_/;
const SESSION_ID = /"id"\s*:\s*"ses_/;
const SESSION_FIELD = /"(projectID|directory|slug)"\s*:/;

export function isOpenCodeJson(sampleHead: string): boolean {
  const head = sampleHead.trimStart();
  if (!head.startsWith('{')) return false;
  // Session info comes first in both shapes and is small: look only at the start.
  const start = head.slice(0, 4096);
  if (EXPORT_HEAD.test(start)) return SESSION_ID.test(start) && SESSION_FIELD.test(start);
  return SESSION_INFO_HEAD.test(start) && /"projectID"\s*:/.test(start);
}

/** A SQLite database file, by its header. */
export function isSqlite(sampleHead: string): boolean {
  return sampleHead.startsWith('SQLite format 3');
}
