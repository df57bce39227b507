/**
 * Claude Code's typed-ahead queue. What the person types while the agent works is written as a
 * `queue-operation` record: `enqueue` (with the text), then `dequeue` (sent as the next turn: a
 * user record follows), `popAll` (put back in the input box to edit) or `remove` (taken into the
 * running turn). A prompt taken in reached the agent, but 2.1.71 wrote no other record of it
 * (fixture 11: "push", which the agent then did); 2.1.108 follows the `remove` with a
 * `queued_command` attachment holding the same text. So a `remove` makes the prompt's message,
 * and an attachment repeating it does not make a second one.
 */
import type { RawRecord } from './records';
import { isObject, str } from './records';

/** A prompt the person typed ahead that the running turn took in. */
export interface TakenIn {
  /** What the enqueue record held: a string, or content blocks (text, a pasted image). */
  readonly content: unknown;
  /** The enqueue record's line: the prompt's own native record. */
  readonly native: string;
}

/**
 * Text the harness queued itself (a background task's `<task-notification>`): one whole tag with
 * a joined name, as the harness names its blocks; a person's `<div>…</div>` stays theirs.
 */
const HARNESS_NOTICE = /^<([a-z][a-z0-9]*[-_][\w-]*)>[\s\S]*<\/\1>\s*$/;
/** Prompts taken in whose repeating attachment may still come (two taken in together: two). */
const REMEMBERED = 8;

export class TypedAheadQueue {
  private readonly pending: TakenIn[] = [];
  /** The prompts `remove`s gave, as JSON, oldest first: the attachments that may repeat them. */
  private readonly takenIn: string[] = [];

  /** A queue-operation record (`line`: its text): the prompt a `remove` took in, if the person typed it. */
  operation(record: RawRecord, line: string): TakenIn | undefined {
    switch (record.operation) {
      case 'enqueue':
        this.pending.push({ content: record.content, native: line });
        return undefined;
      case 'dequeue':
        this.pending.shift();
        return undefined;
      case 'popAll':
        this.pending.length = 0;
        return undefined;
      case 'remove':
        return this.remove(record);
      default:
        return undefined;
    }
  }

  /** Whether a `queued_command` attachment's prompt is one a `remove` already gave (each repeats one). */
  repeats(prompt: unknown): boolean {
    const at = prompt === undefined ? -1 : this.takenIn.indexOf(JSON.stringify(prompt));
    if (at >= 0) this.takenIn.splice(at, 1);
    return at >= 0;
  }

  private remove(record: RawRecord): TakenIn | undefined {
    const queued = this.pending.shift();
    // A removal for another reason than being taken in (when a build names one) sent nothing.
    const reason = str(record.reason);
    if (!queued || (reason !== undefined && reason !== 'absorbed_mid_turn')) return undefined;
    const text = str(queued.content);
    if (text !== undefined ? !text.trim() || HARNESS_NOTICE.test(text.trim()) : !Array.isArray(queued.content)) return undefined;
    this.takenIn.push(JSON.stringify(queued.content));
    if (this.takenIn.length > REMEMBERED) this.takenIn.shift();
    return queued;
  }
}

/** A `queued_command` attachment the person typed (not a notice the harness queued, nor a peer's message). */
export function typedAhead(attachment: Record<string, unknown>): boolean {
  const origin = isObject(attachment.origin) ? str(attachment.origin.kind) : undefined;
  return attachment.commandMode === 'prompt' && (origin === undefined || origin === 'human');
}
