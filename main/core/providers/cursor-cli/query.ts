/**
 * Cursor sends the typed prompt wrapped as `<user_query>…</user_query>`, with context it gathered
 * around it in the same text (`<user_info>`, `<external_links>`, `<attached_files>`,
 * `<timestamp>`, …). The query is what the person typed; the rest is context.
 */
const QUERY = /<user_query>([\s\S]*?)<\/user_query>/g;

export interface SplitText {
  readonly queries: string[];
  readonly context: string;
}

export function splitQuery(text: string): SplitText | undefined {
  if (!text.includes('<user_query>')) return undefined;
  const queries: string[] = [];
  const context = text.replace(QUERY, (_m, inner: string) => {
    queries.push(inner.replace(/^\r?\n/, '').replace(/\r?\n$/, ''));
    return '';
  });
  if (!queries.length) return undefined;
  return { queries, context: context.trim() };
}

/** The kind of a context block: its first tag (`external_links` → `external-links`). */
export function contextKind(text: string): string {
  const tag = /^\s*<([A-Za-z_][\w-]*)[\s>]/.exec(text)?.[1];
  return tag ? tag.replace(/_/g, '-') : 'context';
}

/** `Workspace Path: /abs/path` inside `<user_info>`: the chat's working directory. */
export function workspacePath(text: string): string | undefined {
  return /Workspace Path:\s*(\S[^\n]*)/.exec(text)?.[1]?.trim();
}
