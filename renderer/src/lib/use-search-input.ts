/** What the sidebar's search box and its filters hold; the query is searched once typing pauses. */
import { useState } from 'react';
import { useDebounced } from './use-debounced';

export interface SearchInput {
  readonly query: string;
  readonly setQuery: React.Dispatch<React.SetStateAction<string>>;
  readonly workspace: string | undefined;
  readonly setWorkspace: (workspace: string | undefined) => void;
  readonly includeTools: boolean;
  readonly setIncludeTools: (include: boolean) => void;
  /** The trimmed query, 220 ms after the last keystroke. */
  readonly debounced: string;
  /** Search results replace the tree. */
  readonly searching: boolean;
}

export function useSearchInput(): SearchInput {
  const [query, setQuery] = useState('');
  const [workspace, setWorkspace] = useState<string | undefined>();
  const [includeTools, setIncludeTools] = useState(false);
  const debounced = useDebounced(query.trim(), 220);
  return { query, setQuery, workspace, setWorkspace, includeTools, setIncludeTools, debounced, searching: debounced.length > 0 };
}
