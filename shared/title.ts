/**
 * A conversation's title as people read it. Titles are the first prompt, so they carry what the
 * prompt was typed in: Markdown markers (`#`, `**`, backticks) and harness markers
 * (`[[ ## user_query ## ]]`, a `# Task:` label). Shown without them; the record keeps the text.
 */
export function displayTitle(c: { readonly title?: string; readonly nativeId: string }): string {
  const raw = c.title ?? c.nativeId;
  const clean = raw
    .replace(/\[\[\s*#{0,6}\s*[\w -]{1,40}?\s*#{0,6}\s*\]\]/g, ' ')
    .replace(/^\s*#{1,6}\s*(task|任務|任务)\s*[:：]\s*/i, '')
    .replace(/(^|\s)#{1,6}(?=\s)/g, '$1')
    .replace(/\*\*|__|`/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return clean || raw;
}
