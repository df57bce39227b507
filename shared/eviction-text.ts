/**
 * How a sweep's freed bytes read, the same in the CLI and the app: before − after, split into
 * conversation records (exact, the same in a preview and the real run) and the search index
 * (estimated in a preview; measured after the real run compacts it).
 */
import type { EvictionReport } from './retention';

export function freedSummary(r: EvictionReport, size: (bytes: number) => string): string {
  const signed = (n: number, what: string) => (n >= 0 ? `${size(n)} of ${what}` : `${size(-n)} more of ${what}`);
  const records = signed(r.recordBytesFreed, 'conversation records');
  const index = r.dryRun
    ? `about ${signed(r.indexBytesFreed, 'search index')} (estimated from the characters indexed; the real run measures it after compacting)`
    : `${signed(r.indexBytesFreed, 'search index')} (measured after compacting it)`;
  const total = r.bytesFreed >= 0 ? `${size(r.bytesFreed)} ${r.dryRun ? 'would be freed' : 'freed'}` : `${size(-r.bytesFreed)} ${r.dryRun ? 'would be added' : 'added'}`;
  return `${total}: ${records}, ${index}`;
}
