/** Digest: one conversation summed up, in the stable digest contract (shared/digest-contract.ts). */
import type { DigestDocument } from '../../../shared/digest-contract';
import type { ArchiveReader } from '../access/archive-reader';
import { digestDocument } from '../digest/digest-document';
import { outgoingValue } from '../redact/outgoing';

export function conversationDigest(reader: ArchiveReader, idOrPrefix: string, redact: boolean): DigestDocument {
  return outgoingValue(digestDocument(reader, idOrPrefix), redact);
}
