/**
 * Paths in an opened tool call that open the per-file view, when there is one: when the open
 * conversation's digest records that file (the same record `dejavu files` reads).
 */
import { createContext, useContext, useMemo } from 'react';
import { useChannel } from '../../lib/queries';

export interface FileLinks {
  /** Absolute paths this conversation touched, as recorded. */
  readonly touched: readonly string[];
  readonly openFile?: (path: string) => void;
}

export const FileLinksContext = createContext<FileLinks>({ touched: [] });

/** What the thread provides: the files its conversation touched, and how to open one's view. */
export function useFileLinks(conversationId: string, openFile: ((path: string) => void) | undefined): FileLinks {
  const files = useChannel('dejavu:files', { conversationId }, { enabled: Boolean(openFile) });
  return useMemo(() => ({ touched: files.data?.entries.map((e) => e.path) ?? [], openFile }), [files.data, openFile]);
}

/** A button per path of the call that has a per-file view. */
export function FileHistoryLinks({ paths }: { paths: readonly string[] }): React.JSX.Element | null {
  const { touched, openFile } = useContext(FileLinksContext);
  const known = [...new Set(paths.map((p) => recorded(p, touched)).filter((p): p is string => p !== undefined))];
  if (!openFile || !known.length) return null;
  return (
    <div className="file-links">
      {known.map((p) => (
        <button key={p} type="button" className="btn btn-small" onClick={() => openFile(p)} title={p}>
          History of {p.split('/').pop()}
        </button>
      ))}
    </div>
  );
}

/** The recorded absolute path a call's path names: itself, or (relative to the working folder) the one ending in it. */
function recorded(path: string, touched: readonly string[]): string | undefined {
  const p = path.replace(/\\/g, '/').replace(/^\.\//, '');
  if (!p) return undefined;
  return touched.find((t) => t === p) ?? touched.find((t) => t.endsWith(`/${p}`));
}
