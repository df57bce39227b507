/** Where the real agent session fixtures live (beside the project, never copied into it). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const FIXTURES_DIR = process.env.DEJAVU_FIXTURES ?? path.resolve(REPO_ROOT, '..', 'shared', 'fixtures');
export const PROVENANCE_PATH = path.join(FIXTURES_DIR, 'PROVENANCE.md');
