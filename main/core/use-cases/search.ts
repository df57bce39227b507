/** Search: messages matching a query, in the query language every surface shares. */
import type { ArchiveReader } from '../access/archive-reader';
import { parseQuery } from '../search/query';
import type { SearchHit, SearchOptions } from '../search/search';
import { outgoingValue } from '../redact/outgoing';

export { effectiveQuery, matchCount, type SearchHit, type SearchOptions } from '../search/search';
export { FILTER_KEYS } from '../search/query';

/** What the query language did not understand (searched as text instead). */
export function queryWarnings(query: string): readonly string[] {
  return parseQuery(query).warnings;
}

/** The hits, snippets masked when `options.redact` (before they are cut). */
export function searchHits(reader: ArchiveReader, query: string, options: SearchOptions): SearchHit[] {
  return reader.search(query, options);
}

/** The hits as they may leave the app: snippets masked before they are cut, titles as any answer is. */
export function outgoingHits(reader: ArchiveReader, query: string, options: Omit<SearchOptions, 'redact'>, redact: boolean): SearchHit[] {
  return outgoingValue(reader.search(query, { ...options, redact }), redact);
}
