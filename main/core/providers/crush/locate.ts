/**
 * Finds Crush databases for one home. Crush keeps its sessions per project, in
 * `<project>/.crush/crush.db` (the data directory `.crush`, looked up from the working directory
 * to the project root; `options.data_directory` can move it), and lists every project it ran in
 * in `projects.json` (`{"projects": [{"path", "data_dir", "last_accessed"}]}`) beside its global
 * config data, `~/.local/share/crush/` (`$XDG_DATA_HOME/crush`, `$CRUSH_GLOBAL_DATA`; the env
 * overrides count only when the home is this user's own). So `locate` returns:
 * - `<data_dir>/crush.db` of every project `projects.json` lists (wherever it is on disk);
 * - `<home>/.crush/crush.db`: Crush run in the home itself, or a project folder handed to
 *   `dejavu sync --source <project>`;
 * - `~/.local/share/crush/.crush/crush.db`: the server's own workspace (`crush` as a server).
 * (charmbracelet/crush `internal/config/load.go`, `internal/projects/projects.go`,
 * `internal/db/connect.go`.)
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { arr, isObject, str, tryParse } from '../kit/json';
import { gather, homeFolders, ownEnvRoots } from '../kit/walk';

export const CRUSH_FOLDERS = ['.local/share/crush', '.crush'];
const DB = 'crush.db';

export async function locateCrush(home: string): Promise<string[]> {
  const globals = [...homeFolders(home, ['.local/share/crush']), ...ownEnvRoots(home, process.env.XDG_DATA_HOME).map((d) => path.join(d, 'crush')), ...ownEnvRoots(home, process.env.CRUSH_GLOBAL_DATA)];
  const dataDirs = [path.join(home, '.crush'), ...globals.map((g) => path.join(g, '.crush')), ...globals.flatMap(projectDataDirs)];
  return gather(dataDirs, async (dir) => {
    const file = path.join(dir, DB);
    return isFile(file) ? [file] : [];
  });
}

/** The data dirs `projects.json` lists (absolute paths of the machine that wrote it). */
function projectDataDirs(globalDir: string): string[] {
  let list: unknown;
  try {
    list = tryParse(readFileSync(path.join(globalDir, 'projects.json'), 'utf8'));
  } catch {
    return [];
  }
  if (!isObject(list)) return [];
  return arr(list.projects).flatMap((p) => {
    const dataDir = isObject(p) ? str(p.data_dir) : undefined;
    return dataDir && path.isAbsolute(dataDir) && existsSync(dataDir) ? [dataDir] : [];
  });
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
