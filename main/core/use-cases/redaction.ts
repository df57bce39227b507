/** Whether what leaves the app is redacted: the person's `redactExports` setting, or `--no-redact` for one command. */
import type { ArchiveReader } from '../access/archive-reader';
import { redactsOutgoing } from '../redact/outgoing';

export { outgoingText, outgoingValue, REDACTION_OFF_NOTE, REDACTION_OFF_SEARCH_NOTE } from '../redact/outgoing';
export { describeRedaction } from '../redact/redact-conversation';

/** `keepSecrets`: the command asked for secrets as typed (`--no-redact`); otherwise the setting decides. */
export function redactsFor(reader: ArchiveReader, keepSecrets = false): boolean {
  return redactsOutgoing(reader.db, keepSecrets ? false : undefined);
}
