/**
 * Finds Droid sessions under a home: `.factory/sessions/<encoded-cwd>/<id>.jsonl` (and the
 * flat `.factory/sessions/<id>.jsonl` of early versions). Only `*.jsonl` names are returned: the
 * `<id>.settings.json` sidecars are read by the parser for the model and token totals, and nothing
 * else in `.factory` (settings, auth, mcp config) is ever opened.
 */
import { filesUnder, gather, homeFolders } from '../kit/walk';

export const DROID_FOLDERS = ['.factory/sessions'];
const MAX_DEPTH = 3;

export async function locateDroid(home: string): Promise<string[]> {
  return gather(homeFolders(home, DROID_FOLDERS), (dir) => filesUnder(dir, /\.jsonl$/, MAX_DEPTH));
}
