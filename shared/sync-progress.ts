/**
 * How far a sync is, and the one wording of it: the CLI's progress line and the app's status bar
 * say the same thing in the same words ("Syncing 120/800 files · 340/2,100 MB · 1,450
 * conversations", then "Indexing for search: 300 conversations to go").
 */

export interface SyncProgress {
  /** Source files looked at so far (read, or found unchanged), of all the sync found. */
  readonly done: number;
  readonly total: number;
  /** The bytes of those files, of the bytes of all of them. */
  readonly bytesDone: number;
  readonly bytesTotal: number;
  /** Conversations this sync has stored so far (new or changed): browsable already. */
  readonly conversations: number;
  /** Conversations stored but not searchable yet (the search indexer's lag). */
  readonly unindexed: number;
}

const MB = 1024 * 1024;
const grouped = new Intl.NumberFormat('en-US');
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function count(n: number, noun: string): string {
  return `${grouped.format(n)} ${noun}${n === 1 ? '' : 's'}`;
}

/** "340/2,100 MB"; with a decimal while the whole is under 10 MB ("0.3/1.2 MB"), so a small sync still moves. */
export function megabytesOf(done: number, total: number): string {
  const format = total < 10 * MB ? oneDecimal : grouped;
  const mb = (n: number) => format.format(total < 10 * MB ? n / MB : Math.round(n / MB));
  return `${mb(done)}/${mb(total)} MB`;
}

/** True once every file is read and only search is still catching up. */
export function onlyIndexing(p: SyncProgress): boolean {
  return p.done >= p.total && p.unindexed > 0;
}

/** The files, MB and conversations so far ("120/800 files · 340/2,100 MB · 1,450 conversations"), or what search has left. */
/** `verb`: what the run is doing while it reads files (`dejavu import` says Importing). */
export function progressText(p: SyncProgress, verb = 'Syncing'): string {
  if (onlyIndexing(p)) return `Indexing for search: ${count(p.unindexed, 'conversation')} to go`;
  const files = `${grouped.format(p.done)}/${count(p.total, 'file')}`;
  const behind = p.unindexed > 0 ? ` · ${grouped.format(p.unindexed)} to index` : '';
  return `${verb} ${files} · ${megabytesOf(p.bytesDone, p.bytesTotal)} · ${count(p.conversations, 'conversation')}${behind}`;
}

/** What search results say while a sync's indexing lags ("Search is catching up: 300 conversations not searchable yet"). */
export function searchLagText(p: SyncProgress): string {
  return `Search is catching up: ${count(p.unindexed, 'conversation')} not searchable yet`;
}

/** Only the progress fields of a richer report (what crosses to the renderer). */
export function syncProgressOf(p: SyncProgress): SyncProgress {
  return { done: p.done, total: p.total, bytesDone: p.bytesDone, bytesTotal: p.bytesTotal, conversations: p.conversations, unindexed: p.unindexed };
}
