/**
 * Which repository a working directory belongs to, from the archive alone: no agent record
 * carries a git remote in the normalized record, so a repository is the outermost archived
 * working directory that holds the others (a conversation started in `repo/sub` belongs to
 * `repo` when another started in `repo`), and a worktree folder named `NAME__worktrees/B`,
 * `NAME.worktrees/B` or `NAME-worktrees/B` joins the checkout `NAME` beside it.
 */
import { absolutePath } from '../../../shared/tool-files';

const WORKTREE = /^(.*)\/([^/]+?)(?:__|\.|-)worktrees\/[^/]+$/;

export interface RepositoryOf {
  readonly root: string;
  /** Set when the directory is a worktree apart from the main checkout. */
  readonly worktree?: string;
}

/** A resolver over every working directory in the archive (keyed with the instance: two machines are two repositories). */
export function repositoryResolver(cwds: readonly { cwd: string; instance: string }[]): (cwd: string, instance: string) => RepositoryOf {
  const mains = new Map<string, string[]>();
  for (const { cwd, instance } of cwds) {
    const dir = mainCheckout(absolutePath(cwd, undefined)).root;
    mains.set(instance, [...(mains.get(instance) ?? []), dir]);
  }
  for (const [k, dirs] of mains) mains.set(k, [...new Set(dirs)].sort((a, b) => a.length - b.length));
  return (cwd, instance) => {
    const own = mainCheckout(absolutePath(cwd, undefined));
    const root = (mains.get(instance) ?? []).find((d) => own.root === d || (deepEnough(d) && own.root.startsWith(`${d}/`))) ?? own.root;
    return { root, worktree: own.worktree };
  };
}

/** `/`, `/Users/me` or `C:/Users` hold many repositories: a conversation started there does not make them one. */
function deepEnough(dir: string): boolean {
  return dir.split('/').filter(Boolean).length >= 3;
}

function mainCheckout(dir: string): RepositoryOf {
  const m = WORKTREE.exec(dir);
  return m ? { root: `${m[1]}/${m[2]}`, worktree: dir } : { root: dir };
}

/** The repository's display name: its root folder's. */
export function repositoryName(root: string): string {
  return root.replace(/\/+$/, '').split('/').pop() || root;
}
