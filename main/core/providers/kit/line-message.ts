/** Messages made from source lines, and the time span their records cover. */
import type { Message, Part, Role } from '../../../../shared/record';

/** A message made from one source line: its record kept whole as the native copy. */
export function lineMessage(line: { readonly raw: string; readonly timestamp?: string }, id: string, role: Role, parts: Part[], kind?: string): Message {
  const message: Message = { id, role, parts, native: line.raw, source: 0 };
  if (line.timestamp) message.timestamp = line.timestamp;
  if (kind) message.kind = kind;
  return message;
}

/** The first and last time a conversation's records carry (a record without one leaves it). */
export class TimeSpan {
  first?: string;
  last?: string;

  see(timestamp: string | undefined): void {
    if (!timestamp) return;
    this.first ??= timestamp;
    this.last = timestamp;
  }
}
