/** Search: messages matching a query, in the query language every surface shares. */
import type { ArchiveReader } from '../access/archive-reader';
import { parseQuery } from '../search/query';
import type { SearchHit, SearchOptions, SearchPage } from '../search/search';
import { outgoingValue } from '../redact/outgoing';

export { APP_PAGE_TEXT, effectiveQuery, matchCount, type SearchHit, type SearchOptions, type SearchPage } from '../search/search';
export { FILTER_KEYS } from '../search/query';

/** What the query language did not understand (searched as text instead). */
export function queryWarnings(query: string): readonly string[] {
  return parseQuery(query).warnings;
}

/**
 * Every hit, in one page (no budget): the CLI and MCP answer exactly, each in its own process
 * where a long search holds up no one else (search README, "Bounded pages"). Snippets masked
 * when `options.redact` (before they are cut).
 */
export function searchHits(reader: ArchiveReader, query: string, options: Omit<SearchOptions, 'budget' | 'cursor'>): SearchHit[] {
  return reader.search(query, options);
}

/** One page of hits as the app asks for them: at most `options.budget` characters of text read, from `options.cursor` on. */
export function searchPage(reader: ArchiveReader, query: string, options: SearchOptions): SearchPage {
  return reader.searchPage(query, options);
}

/** The hits as they may leave the app: snippets masked before they are cut, titles as any answer is. */
export function outgoingHits(reader: ArchiveReader, query: string, options: Omit<SearchOptions, 'redact' | 'budget' | 'cursor'>, redact: boolean): SearchHit[] {
  return outgoingValue(reader.search(query, { ...options, redact }), redact);
}
