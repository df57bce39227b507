import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RECORD_SCHEMA_VERSION } from '../../../shared/record';
import { DEEP_IDENTIFIER, pagedConversation, spoilPagesBut } from '../../../test/paged-blob';
import { FrameWriter, framesOf } from './blob-container';
import { ArchiveFormatError, decodeConversation, encodeConversation } from './codec';
import { dejavu } from './generated/record';
import { decodePartsAt } from './message-reader';

const pb = dejavu.archive;

describe("one message's parts of a blob", () => {
  it("reads the parts of each page boundary message of a multi-page conversation as the whole record has them", async () => {
    const bytes = encodeConversation(await pagedConversation(2));
    const whole = decodeConversation(bytes);
    const pages = [...framesOf(bytes)].slice(1).map((raw) => pb.MessagePage.decode(raw).messages.length);
    expect(pages.length).toBeGreaterThanOrEqual(4);
    const firsts = pages.map((_, i) => pages.slice(0, i).reduce((a, b) => a + b, 0));
    for (const at of [...firsts, ...firsts.map((f) => f - 1).filter((f) => f >= 0), whole.messages.length - 1]) {
      expect(decodePartsAt(bytes, at), `message ${at}`).toEqual(whole.messages[at].parts);
    }
    expect(decodePartsAt(bytes, whole.messages.length)).toBeUndefined();
    expect(decodePartsAt(bytes, -1)).toBeUndefined();
  });

  it('decodes none of the other pages: it reads the message when every other page is spoilt, the whole record does not', async () => {
    const conversation = await pagedConversation(3);
    const deep = conversation.messages.findIndex((m) => JSON.stringify(m).includes(DEEP_IDENTIFIER));
    const intact = encodeConversation(conversation);
    const { bytes, spoiled } = spoilPagesBut(intact, deep);
    expect(spoiled).toBeGreaterThanOrEqual(4);
    expect(() => decodeConversation(bytes)).toThrow(/illegal tag: field number 0/);
    expect(decodePartsAt(bytes, deep)).toEqual(decodeConversation(intact).messages[deep].parts);
  });

  it("reads a blob written as one protobuf (container 1) message by message", () => {
    const bytes = readFileSync(path.join(import.meta.dirname, 'blob-container-1', 'conversation.pb'));
    const whole = decodeConversation(bytes);
    expect(whole.messages.length).toBeGreaterThan(1);
    whole.messages.forEach((m, i) => expect(decodePartsAt(bytes, i)).toEqual(m.parts));
    expect(decodePartsAt(bytes, whole.messages.length)).toBeUndefined();
  });

  it('refuses a blob of a newer schema as the whole record does', async () => {
    const frames = [...framesOf(encodeConversation(await pagedConversation(0)))];
    const head = pb.Conversation.decode(frames[0]);
    head.schemaVersion = RECORD_SCHEMA_VERSION + 1;
    const out: Buffer[] = [];
    const writer = new FrameWriter((b) => out.push(b));
    writer.frame(pb.Conversation.encode(head).finish());
    for (const page of frames.slice(1)) writer.frame(page);
    const bytes = Buffer.concat(out);
    const newer = `blob schema ${RECORD_SCHEMA_VERSION + 1} is newer than this Déjà Vu (${RECORD_SCHEMA_VERSION}); update the app`;
    expect(() => decodeConversation(bytes)).toThrow(newer);
    expect(() => decodePartsAt(bytes, 3)).toThrow(ArchiveFormatError);
    expect(() => decodePartsAt(bytes, 3)).toThrow(newer);
  });
});
