/**
 * The project a Cursor agent transcript belongs to, from the folder Cursor keeps it in:
 * `~/.cursor/projects/<slug>/agent-transcripts/<id>.jsonl`, where the slug is the project's path
 * with its separators turned into dashes (`/home/me/my-app` → `home-me-my-app`). Dashes inside
 * folder names make the slug ambiguous, so it is matched against the folders on this machine;
 * a project no longer on disk keeps the whole slug, which still tells projects apart.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** The project of a transcript under `projects/<slug>/agent-transcripts/`: its path when on disk, always its slug. */
export function projectOfTranscript(filePath: string): { readonly path?: string; readonly slug: string } | undefined {
  const transcripts = path.dirname(filePath);
  if (path.basename(transcripts) !== 'agent-transcripts') return undefined;
  const projectDir = path.dirname(transcripts);
  if (path.basename(path.dirname(projectDir)) !== 'projects') return undefined;
  const slug = path.basename(projectDir);
  if (!slug) return undefined;
  return { path: resolveSlug(slug.split('-').filter(Boolean)), slug };
}

/** The existing folder whose path, dash-joined, is the slug's tokens; undefined when none is on disk. */
function resolveSlug(tokens: readonly string[], dir = path.parse(process.cwd()).root, from = 0): string | undefined {
  if (from === tokens.length) return dir;
  let names: Set<string>;
  try {
    names = new Set(readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name));
  } catch {
    return undefined;
  }
  // Longest name first: `my-app` before `my`, so a project is not cut at a dash of its own name.
  for (let end = tokens.length; end > from; end--) {
    const name = tokens.slice(from, end).join('-');
    if (!names.has(name)) continue;
    const found = resolveSlug(tokens, path.join(dir, name), end);
    if (found) return found;
  }
  return undefined;
}
