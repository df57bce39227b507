/**
 * Converts a Conversation record to its archived bytes and back: protobuf (schema in
 * record.proto), compressed, behind a small header that names the format so an old archive
 * stays readable when either changes.
 */
import { isAgentId } from '../../../shared/agents';
import type { BlobPart, Conversation, ConversationRelation, Message, Part, Role, Usage } from '../../../shared/record';
import { CONVERSATION_RELATIONS, RECORD_SCHEMA_VERSION } from '../../../shared/record';
import { FrameWriter, framesOf, PAGE_BYTES } from './blob-container';
import { type DecodedConversation, type DecodedMessage, type DecodedPage, type DecodedPart, type DecodedUsage, type Maybe, opt } from './decoded-record';
import { ArchiveFormatError } from './format-error';
import { type KeptText, MARKER, type NativeForm, withMarkers, withoutMarkers } from './native-markers';
import { farText, wholeFarText } from '../../../shared/far-strings';
import { type FarStoredTexts, farStoredTexts, nativeFarStrings, storedFar } from './far-content';
import type { FarConversation } from '../../../shared/far-record';
import { dejavu } from './generated/record';
import { LenientReader, WellFormedWriter } from './well-formed-strings';

export { ArchiveFormatError } from './format-error';

const pb = dejavu.archive;

/**
 * Where large parts are kept once, by the sha256 of their bytes (content-store.ts). The codec
 * only names them; the store reads and writes the files.
 */
export interface ContentStore {
  /** Parts of this many bytes or more go to the store. */
  readonly threshold: number;
  /** Keep `bytes` (once); returns their hash and the size of the stored file. */
  put(bytes: Buffer): { hash: string; bytes: number };
  /** The same for a text given in slices (a far string, shared/far-strings.ts), never made one buffer. */
  putSlices(slices: () => Iterable<string>): { hash: string; bytes: number };
  get(hash: string): Buffer;
  /** A stored text read again frame by frame each time its slices are asked for (the far read, far-content.ts), never whole. */
  sliced(hash: string): SlicedContent;
}

/** A stored text as its slices, and its size in bytes as its frames declare it (undefined when one does not). */
export interface SlicedContent {
  readonly bytes: number | undefined;
  slices(): Iterable<string>;
}

/** Without a store every part stays inline: the blob then reads anywhere on its own. */
export function encodeConversation(conversation: Conversation, store?: ContentStore): Buffer {
  const chunks: Buffer[] = [];
  writeConversation(conversation, (bytes) => chunks.push(bytes), store);
  return Buffer.concat(chunks);
}

/**
 * Encodes a conversation in blob container 2 (blob-container.ts), handing the bytes to `write`
 * page by page as they are made; returns how many it wrote.
 */
export function writeConversation(conversation: Conversation, write: (bytes: Buffer) => void, store?: ContentStore): number {
  let written = 0;
  const frames = new FrameWriter((bytes) => {
    written += bytes.length;
    write(bytes);
  });
  // encode() takes plain objects of the message's shape; fromObject() would only copy them.
  frames.frame(pb.Conversation.encode(headToProto(conversation) as dejavu.archive.Conversation.$Properties, new WellFormedWriter()).finish());
  // Messages are encoded one after another into one writer (no buffer per message, none joined):
  // a page of one message is that message as a repeated field, so pages concatenate. A page is
  // cut before the message that takes it past PAGE_BYTES, which then starts the next one.
  const page = new WellFormedWriter();
  for (const m of conversation.messages) {
    const start = page.pos;
    pb.MessagePage.encode({ messages: [messageToProto(m, store) as dejavu.archive.Message.$Properties] }, page);
    if (start > 0 && page.pos > PAGE_BYTES) {
      frames.frame(page.buf.subarray(0, start));
      page.buf.copyWithin(0, start, page.pos);
      page.pos -= start;
    }
  }
  if (page.pos > 0) frames.frame(page.buf.subarray(0, page.pos));
  return written;
}

/** A blob that refers to stored content reads only with its archive's store. */
export function decodeConversation(bytes: Uint8Array, store?: ContentStore): Conversation {
  return decodeWith(bytes, new StoredTexts(store));
}

/** How the far read reads stored texts: over `farAbove` bytes, far; prompts and answers too when `farTexts`. */
export interface FarRead {
  readonly farAbove: number;
  readonly farTexts?: boolean;
}

/**
 * The same, with every stored text over `farAbove` bytes left in the store as a far string
 * (far-content.ts): for the outgoing writers only, hence its own type.
 */
export function decodeConversationFar(bytes: Uint8Array, store: ContentStore, { farAbove, farTexts }: FarRead): FarConversation {
  return decodeWith(bytes, new StoredTexts(store, farStoredTexts(store, farAbove), farTexts)) as FarConversation;
}

function decodeWith(bytes: Uint8Array, texts: StoredTexts): Conversation {
  let conversation: Conversation | undefined;
  for (const decoded of decodedFrames(bytes)) {
    if (!conversation) conversation = fromProto(decoded as DecodedConversation, texts);
    else for (const m of (decoded as DecodedPage).messages) conversation.messages.push(messageFromProto(m, texts));
  }
  if (!conversation) throw new ArchiveFormatError('the blob holds no record');
  return conversation;
}

/**
 * Stored content as the strings a record holds, each read once though its native record names
 * it too; the part and the native record then share one string, and the bytes are let go.
 */
export class StoredTexts {
  private readonly read = new Map<string, string>();
  constructor(
    private readonly store: ContentStore | undefined,
    private readonly far?: FarStoredTexts,
    /** Whether a prompt's or answer's text may be far too (for a JSON writer only: see `text`). */
    private readonly farTexts = false,
  ) {}

  of(hash: string, encoding: 'utf8' | 'base64'): string {
    const far = encoding === 'utf8' ? this.far?.text(hash) : undefined;
    if (far !== undefined) return far;
    return this.whole(hash, encoding);
  }

  /**
   * A prompt's, answer's or thinking text: whole even in the far read, unless `farTexts` says the
   * writer is JSON's (it escapes a far string slice by slice); the Markdown and HTML views quote
   * and escape such a text as one string (only their tool output view reads a far string).
   */
  text(hash: string): string {
    return this.farTexts ? this.of(hash, 'utf8') : this.whole(hash, 'utf8');
  }

  /** The text whole, even in the far read. */
  whole(hash: string, encoding: 'utf8' | 'base64'): string {
    const key = `${encoding}:${hash}`;
    let text = this.read.get(key);
    if (text === undefined) this.read.set(key, (text = resolve(hash, this.store).toString(encoding)));
    return text;
  }

  /** A stored part's text as its native record wrote it (see native-markers.ts). */
  native(hash: string, form: NativeForm): string {
    const far = form === 'j' ? this.far?.json(hash) : undefined;
    if (far !== undefined) return far;
    return form === 'j' ? JSON.stringify(this.of(hash, 'utf8')).slice(1, -1) : this.of(hash, 'base64');
  }
}

/** The content hashes a blob refers to, without reading them. */
export function contentRefsOf(bytes: Uint8Array): string[] {
  const refs: string[] = [];
  for (const decoded of decodedFrames(bytes)) {
    for (const m of decoded.messages) {
      for (const p of m.parts) {
        const ref = opt(p.toolCallResponse?.contentRef) ?? opt(p.blob?.contentRef) ?? opt(p.text?.contentRef) ?? opt(p.reasoning?.contentRef);
        if (ref) refs.push(ref);
      }
      if (m.nativeRefs && m.native) for (const [, hash] of m.native.matchAll(MARKER)) refs.push(hash);
    }
  }
  return refs;
}

/** The blob's frames decoded one at a time: the conversation (whole, or its head), then its pages. */
function* decodedFrames(bytes: Uint8Array): Generator<DecodedConversation | DecodedPage> {
  let first = true;
  for (const raw of framesOf(bytes)) {
    if (!first) {
      yield pb.MessagePage.decode(new LenientReader(raw)) as unknown as DecodedPage;
      continue;
    }
    first = false;
    const decoded = pb.Conversation.decode(new LenientReader(raw));
    if (decoded.schemaVersion > RECORD_SCHEMA_VERSION) {
      throw new ArchiveFormatError(`blob schema ${decoded.schemaVersion} is newer than this Déjà Vu (${RECORD_SCHEMA_VERSION}); update the app`);
    }
    yield decoded as unknown as DecodedConversation;
  }
}

type ProtoObject = Record<string, unknown>;

/** The head of a blob: everything but the messages, which follow in pages. */
function headToProto(c: Conversation): ProtoObject {
  return {
    schemaVersion: RECORD_SCHEMA_VERSION,
    id: c.id,
    agent: c.agent,
    nativeId: c.nativeId,
    workspace: c.workspace,
    instance: c.instance,
    cwd: c.cwd,
    gitBranch: c.gitBranch,
    title: c.title,
    startedAt: c.startedAt,
    endedAt: c.endedAt,
    models: c.models,
    usage: c.usage,
    parentId: c.parentId,
    parentToolCallId: c.parentToolCallId,
    relation: c.relation,
    agentVersion: c.agentVersion,
    sourcePath: c.sourcePath,
    sources: c.sources,
    sourceDeleted: c.sourceDeleted ?? false,
    warnings: c.warnings,
    // Written page by page after this head (writeConversation).
    messages: [],
    rewrites: c.rewrites ?? [],
  };
}

function messageToProto(m: Message, store: ContentStore | undefined): ProtoObject {
  const kept: KeptText[] = [];
  const parts = m.parts.map((p) => partToProto(p, store, kept));
  const held = m.native === undefined ? undefined : nativeFarStrings(m.native, kept, store);
  const native = held === undefined ? undefined : withMarkers(held, kept);
  return {
    id: m.id,
    parentId: m.parentId,
    role: m.role,
    timestamp: m.timestamp,
    model: m.model,
    usage: m.usage,
    kind: m.kind,
    parts,
    native: native ?? held,
    nativeRefs: native !== undefined,
    source: m.source,
    supersededAt: m.supersededAt,
  };
}

function partToProto(p: Part, store: ContentStore | undefined, kept: KeptText[]): ProtoObject {
  switch (p.type) {
    case 'text':
      return { text: farKept(p.content, store, kept) };
    case 'reasoning':
      return { reasoning: { ...farKept(p.content, store, kept), redacted: p.redacted ?? false } };
    case 'tool_call':
      return { toolCall: { id: p.id, name: p.name, arguments: p.arguments } };
    case 'tool_call_response': {
      const far = farText(p.response);
      const ref = far ? storedFar(far, store) : storedText(p.response, store);
      if (ref) kept.push({ hash: ref, form: 'j', text: p.response });
      return { toolCallResponse: { id: p.id, response: ref ? '' : far ? wholeFarText(far) : p.response, isError: p.isError ?? false, contentRef: ref } };
    }
    case 'blob': {
      const content = Buffer.from(p.content, 'base64');
      const ref = stored(content, store);
      if (ref) kept.push({ hash: ref, form: 'b', text: p.content });
      return { blob: { modality: p.modality, mimeType: p.mimeType, content: ref ? Buffer.alloc(0) : content, contentRef: ref } };
    }
    case 'generic':
      return { generic: { kind: p.kind, content: p.content } };
    default:
      return assertNever(p);
  }
}

/**
 * A text or reasoning part's content: a far string (a huge line's prompt or answer left in its
 * file) is streamed into the store and named by its hash, or without a store written whole; an
 * ordinary one stays inline, as ever.
 */
function farKept(content: string, store: ContentStore | undefined, kept: KeptText[]): { content: string; contentRef?: string } {
  const far = farText(content);
  if (!far) return { content };
  const ref = storedFar(far, store);
  if (!ref) return { content: wholeFarText(far) };
  kept.push({ hash: ref, form: 'j', text: content });
  return { content: '', contentRef: ref };
}

/**
 * The hash a large text is kept under, or undefined when it stays inline. Its UTF-8 bytes are
 * made only when it may reach the threshold (a UTF-16 unit takes at most 3): most tool results
 * are small, and copying each one only to measure it was a capture cost.
 */
function storedText(text: string, store: ContentStore | undefined): string | undefined {
  return store && text.length * 3 >= store.threshold ? stored(Buffer.from(text, 'utf8'), store) : undefined;
}

/** The hash a large part is kept under, or undefined when it stays inline. */
function stored(bytes: Buffer, store: ContentStore | undefined): string | undefined {
  return store && bytes.length >= store.threshold ? store.put(bytes).hash : undefined;
}

function usageFrom(u: Maybe<DecodedUsage>): Usage | undefined {
  if (!u) return undefined;
  const out: Usage = {};
  for (const key of ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheWriteTokens', 'reasoningTokens'] as const) {
    const v = opt(u[key]);
    if (v !== undefined) out[key] = Number(v);
  }
  return out;
}

function fromProto(c: DecodedConversation, texts: StoredTexts): Conversation {
  if (!isAgentId(c.agent)) throw new ArchiveFormatError(`unknown agent "${c.agent}" in blob ${c.id}`);
  return stripUndefined({
    id: c.id,
    agent: c.agent,
    nativeId: c.nativeId,
    workspace: c.workspace,
    instance: c.instance,
    cwd: opt(c.cwd),
    gitBranch: opt(c.gitBranch),
    title: opt(c.title),
    startedAt: opt(c.startedAt),
    endedAt: opt(c.endedAt),
    models: [...c.models],
    usage: usageFrom(c.usage),
    parentId: opt(c.parentId),
    parentToolCallId: opt(c.parentToolCallId),
    relation: relationFrom(c.relation),
    agentVersion: opt(c.agentVersion),
    sourcePath: c.sourcePath,
    sources: [...c.sources],
    sourceDeleted: c.sourceDeleted || undefined,
    warnings: c.warnings.map((w) => stripUndefined({ line: opt(w.line), message: w.message })),
    messages: c.messages.map((m) => messageFromProto(m, texts)),
    rewrites: c.rewrites.length ? c.rewrites.map((r) => ({ at: r.at, path: r.path, how: r.how === 'shrank' ? 'shrank' : 'rewritten', kept: r.kept })) : undefined,
  });
}

export function messageFromProto(m: DecodedMessage, texts: StoredTexts): Message {
  return stripUndefined({
    id: m.id,
    parentId: opt(m.parentId),
    role: m.role as Role,
    timestamp: opt(m.timestamp),
    model: opt(m.model),
    usage: usageFrom(m.usage),
    kind: opt(m.kind),
    parts: m.parts.map((p) => partFromProto(p, texts)),
    native: m.nativeRefs && m.native ? withoutMarkers(m.native, (hash, form) => texts.native(hash, form)) : opt(m.native),
    source: opt(m.source),
    supersededAt: opt(m.supersededAt),
  });
}

export function partFromProto(p: DecodedPart, texts: StoredTexts): Part {
  if (p.text) return { type: 'text', content: storedOr(p.text.contentRef, p.text.content, texts) };
  if (p.reasoning) return stripUndefined({ type: 'reasoning', content: storedOr(p.reasoning.contentRef, p.reasoning.content, texts), redacted: p.reasoning.redacted || undefined });
  if (p.toolCall) return { type: 'tool_call', id: p.toolCall.id, name: p.toolCall.name, arguments: p.toolCall.arguments };
  if (p.toolCallResponse) {
    const ref = opt(p.toolCallResponse.contentRef);
    const response = ref ? texts.of(ref, 'utf8') : p.toolCallResponse.response;
    return stripUndefined({ type: 'tool_call_response', id: p.toolCallResponse.id, response, isError: p.toolCallResponse.isError || undefined });
  }
  if (p.blob) {
    const ref = opt(p.blob.contentRef);
    const content = ref ? texts.of(ref, 'base64') : Buffer.from(p.blob.content).toString('base64');
    return { type: 'blob', modality: p.blob.modality as BlobPart['modality'], mimeType: p.blob.mimeType, content };
  }
  if (p.generic) return { type: 'generic', kind: p.generic.kind, content: p.generic.content };
  return { type: 'generic', kind: 'unknown-part', content: '' };
}

/** A prompt's, answer's or thinking text: from the store (whole) when it names a hash, else as written inline. */
function storedOr(ref: Maybe<string>, inline: string, texts: StoredTexts): string {
  const hash = opt(ref);
  return hash ? texts.text(hash) : inline;
}

function resolve(ref: string, store: ContentStore | undefined): Buffer {
  if (!store) throw new ArchiveFormatError("this blob keeps large parts in its archive's content store; read it from its archive");
  return store.get(ref);
}

function stripUndefined<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) if (value[key] === undefined) delete value[key];
  return value;
}

/** A relation this build does not know (written by a newer one) reads as unset: shown as a subagent. */
function relationFrom(value: Maybe<string>): ConversationRelation | undefined {
  return CONVERSATION_RELATIONS.find((r) => r === value);
}

export function assertNever(value: never): never {
  throw new Error(`unexpected value: ${JSON.stringify(value)}`);
}
