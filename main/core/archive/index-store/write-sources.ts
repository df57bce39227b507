/** The write store of the `sources` table outside a sync: a repair forgets a damaged cursor. */
import { type WritableIndex, writeConnectionOf } from './handle';

/** The next sync then reads the file from its start (what the archive holds is kept). */
export function forgetSourceCursor(index: WritableIndex, path: string): void {
  writeConnectionOf(index).prepare('DELETE FROM sources WHERE path = ?').run(path);
}
