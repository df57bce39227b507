/**
 * A Codex thread that spans two rollout files (paginated history, 0.150+), built from
 * openai/codex's source: every line of a paginated rollout carries an `ordinal`; after a rollback
 * the thread continues in a new file whose name has a new rollout id, whose `session_meta.id` is
 * still the thread's, and whose `history_base {thread_id, end_ordinal_exclusive, end_byte_offset}`
 * names the earlier file's rollout id and the prefix of it that stays. Its ordinals go on from
 * `end_ordinal_exclusive`.
 */
import { envelope, sessionMeta, turn, writeRollout } from './codex-rollout';

export const THREAD = '019f3b20-0000-7000-8000-0000000a0001';
export const SEGMENT = '019f3b2f-0000-7000-8000-0000000b0002';

/** The first file: the thread's session_meta, then two turns (the second later rolled back). */
export function firstSegment(): string[] {
  return envelope(
    [
      ['session_meta', sessionMeta(THREAD, '2026-08-03T09:00:00.000Z', { history_mode: 'paginated' })],
      ...turn('turn-1', 'Add a discount code field to checkout', 'Added the field to CheckoutForm.'),
      ...turn('turn-2', 'Now make it validate against the API', 'Validation calls /api/discounts.'),
    ],
    '2026-08-03T09:00:00.000Z',
    0,
  );
}

/** The continuation: keeps the first turn (ordinals 0–7) and goes on from there. */
export function continuation(first: readonly string[]): string[] {
  const kept = 8;
  const endByte = first.slice(0, kept).reduce((n, l) => n + Buffer.byteLength(l) + 1, 0);
  const base = { thread_id: THREAD, end_ordinal_exclusive: kept, end_byte_offset: endByte };
  return envelope(
    [
      ['session_meta', sessionMeta(THREAD, '2026-08-03T09:00:00.000Z', { history_mode: 'paginated', history_base: base })],
      ...turn('turn-3', 'Validate it locally instead, no API call', 'Validation is a regex in discount.ts.'),
    ],
    '2026-08-03T10:00:00.000Z',
    kept,
  );
}

/** Both files, where Codex writes them under `home`; returns their paths [first, continuation]. */
export function writeThread(home: string, which: 'both' | 'first' | 'continuation' = 'both'): string[] {
  const first = firstSegment();
  const out: string[] = [];
  if (which !== 'continuation') out.push(writeRollout(home, THREAD, '2026-08-03T09:00:00', first));
  if (which !== 'first') out.push(writeRollout(home, SEGMENT, '2026-08-03T10:00:00', continuation(first)));
  return out;
}
