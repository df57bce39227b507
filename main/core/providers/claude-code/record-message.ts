/** The message shell every Claude Code record becomes: id, timestamp, kind, parent, generic payload. */
import type { Message, Part } from '../../../../shared/record';
import type { SourceLine } from '../kit/provider';
import type { RawRecord } from './records';
import { str } from './records';

export function newMessage(
  record: RawRecord,
  uuid: string | undefined,
  line: SourceLine,
  role: Message['role'],
  kind: string | undefined,
  parts: Part[],
): Message {
  const message: Message = { id: uuid ?? `line-${line.lineNo}`, role, parts, native: line.text, source: 0 };
  const timestamp = str(record.timestamp);
  if (timestamp !== undefined) message.timestamp = timestamp;
  if (kind !== undefined) message.kind = kind;
  return message;
}

/** compact_boundary records restart the chain (`parentUuid: null`) but name the logical parent. */
export function parentOf(record: RawRecord): string | undefined {
  return str(record.parentUuid) ?? str(record.logicalParentUuid);
}

/** Fields every record repeats; left out of generic payloads (they stay in `native`). */
const ENVELOPE = new Set([
  'parentUuid', 'logicalParentUuid', 'isSidechain', 'userType', 'cwd', 'sessionId', 'version', 'gitBranch',
  'slug', 'type', 'subtype', 'uuid', 'timestamp', 'entrypoint', 'isMeta', 'level',
]);

export function payloadJson(record: RawRecord): string {
  const payload: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) if (!ENVELOPE.has(key)) payload[key] = value;
  return JSON.stringify(payload);
}
