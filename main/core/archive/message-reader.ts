/**
 * One message's parts of a blob, read without building the others. A search snippet quotes one tool
 * output deep in a long conversation; decoding the whole record for it cost ~10 ms per hit at
 * 200k messages (search/README.md). Each frame before the message's page is still decompressed
 * (the container says nothing of which page holds which message), but only walked: its
 * messages are counted by their protobuf tags and lengths, none is decoded. Frames after it are
 * not read at all.
 */
import { readFileSync } from 'node:fs';
import protobuf from 'protobufjs/minimal.js';
import type { Part } from '../../../shared/record';
import { RECORD_SCHEMA_VERSION } from '../../../shared/record';
import { framesOf } from './blob-container';
import { archiveContent } from './blob-store';
import { type ContentStore, partFromProto, StoredTexts } from './codec';
import type { DecodedMessage } from './decoded-record';
import { ArchiveFormatError } from './format-error';
import { dejavu } from './generated/record';
import { insideRoot } from './paths';
import { LenientReader } from './well-formed-strings';

/** record.proto's field numbers: Conversation.schema_version, Conversation.messages, MessagePage.messages. */
const SCHEMA_VERSION_FIELD = 1;
const CONVERSATION_MESSAGES_FIELD = 21;
const PAGE_MESSAGES_FIELD = 1;
const WIRE_VARINT = 0;
const WIRE_LENGTH_DELIMITED = 2;

/** The parts of the blob's message at `index` (as decodeConversation would give them), or undefined past its end. */
export function decodePartsAt(bytes: Uint8Array, index: number, store?: ContentStore): Part[] | undefined {
  if (!Number.isInteger(index) || index < 0) return undefined;
  let before = 0;
  let head = true;
  // Container 1 is one frame, the whole Conversation; container 2 its head (no messages), then pages.
  for (const raw of framesOf(bytes)) {
    const frame = walkFrame(raw, head ? CONVERSATION_MESSAGES_FIELD : PAGE_MESSAGES_FIELD, index - before);
    if (head && frame.schemaVersion > RECORD_SCHEMA_VERSION) {
      throw new ArchiveFormatError(`blob schema ${frame.schemaVersion} is newer than this Déjà Vu (${RECORD_SCHEMA_VERSION}); update the app`);
    }
    head = false;
    if (frame.wanted) {
      const decoded = dejavu.archive.Message.decode(new LenientReader(frame.wanted)) as unknown as DecodedMessage;
      // The parts alone: restoring the native record's markers (native-markers.ts) cost more than them.
      const texts = new StoredTexts(store);
      return decoded.parts.map((p) => partFromProto(p, texts));
    }
    before += frame.count;
  }
  return undefined;
}

/**
 * Walks a frame's top-level fields: counts the messages (field `messagesField`) and returns the
 * bytes of the `wanted`-th, without decoding any of them.
 */
function walkFrame(raw: Buffer, messagesField: number, wanted: number): { count: number; wanted?: Buffer; schemaVersion: number } {
  const reader = protobuf.Reader.create(raw);
  let count = 0;
  let schemaVersion = 0;
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    const field = tag >>> 3;
    const wire = tag & 7;
    if (field === messagesField && wire === WIRE_LENGTH_DELIMITED) {
      const length = reader.uint32();
      const start = reader.pos;
      reader.skip(length); // throws when the length runs past the frame
      if (count === wanted) return { count: count + 1, wanted: raw.subarray(start, start + length), schemaVersion };
      count += 1;
    } else if (field === SCHEMA_VERSION_FIELD && wire === WIRE_VARINT && messagesField === CONVERSATION_MESSAGES_FIELD) {
      schemaVersion = reader.uint32();
    } else reader.skipType(wire);
  }
  return { count, schemaVersion };
}

/** The parts of message `index` of the blob at `relative` in the archive at `root` (blob-store.ts readBlob, for one message). */
export function readBlobParts(root: string, relative: string, index: number): Part[] | undefined {
  return decodePartsAt(readFileSync(insideRoot(root, relative)), index, archiveContent(root));
}
