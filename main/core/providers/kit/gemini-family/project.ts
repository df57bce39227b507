/**
 * The project directory a Gemini CLI chat belongs to. Chats live under
 * `~/.gemini/tmp/<project id>/chats/`, where the id is a short slug (2026+) or the sha256 of
 * the project path (older). The CLI writes the path beside them in `<project id>/.project_root`
 * and keeps `~/.gemini/projects.json` (`{projects: {<path>: <slug>}}`); see
 * packages/core/src/config/projectRegistry.ts. Both are small and read-only here.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isCredentialFile } from '../credentials';
import { isObject, obj } from '../json';
import { parseJson } from '../parse-json';

/** `<project id>` directory of a chat file (`…/<id>/chats/[<parent>/]file`) or a logs.json. */
export function projectDirOf(filePath: string): string | undefined {
  let dir = path.dirname(filePath);
  if (path.basename(filePath) === 'logs.json') return dir;
  if (path.basename(dir) !== 'chats') dir = path.dirname(dir); // subagent: chats/<parent>/x.jsonl
  if (path.basename(dir) !== 'chats') return undefined;
  return path.dirname(dir);
}

export async function projectRootOf(filePath: string, projectHash?: string): Promise<string | undefined> {
  const projectDir = projectDirOf(filePath);
  if (!projectDir) return undefined;
  const marker = await readSmall(path.join(projectDir, '.project_root'));
  if (marker?.trim()) return marker.trim();
  const tmpDir = path.dirname(projectDir);
  if (path.basename(tmpDir) !== 'tmp') return undefined;
  const registry = await readSmall(path.join(path.dirname(tmpDir), 'projects.json'));
  if (!registry) return undefined;
  let projects: Record<string, unknown> | undefined;
  try {
    const parsed = parseJson(registry) as unknown;
    projects = isObject(parsed) ? obj(parsed.projects) : undefined;
  } catch {
    return undefined;
  }
  if (!projects) return undefined;
  const id = path.basename(projectDir);
  for (const [root, slug] of Object.entries(projects)) {
    if (slug === id) return root;
    const hash = createHash('sha256').update(root).digest('hex');
    if (hash === id || hash === projectHash) return root;
  }
  return undefined;
}

async function readSmall(file: string): Promise<string | undefined> {
  if (isCredentialFile(file)) return undefined;
  try {
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}
