/**
 * Converts a Conversation record to its archived bytes and back: protobuf (schema in
 * record.proto), compressed, behind a small header that names the format so an old archive
 * stays readable when either changes.
 */
import zlib from 'node:zlib';
import { isAgentId } from '../../../shared/agents';
import type { BlobPart, Conversation, Message, Part, Role, Usage } from '../../../shared/record';
import { RECORD_SCHEMA_VERSION } from '../../../shared/record';
import { dejavu } from './generated/record';
import { LenientReader, WellFormedWriter } from './well-formed-strings';

const pb = dejavu.archive;

/** "DJV" + container version. */
const MAGIC = Buffer.from('DJV1', 'latin1');
const COMPRESSION_ZSTD = 1;
const COMPRESSION_GZIP = 2;
const COMPRESSION_NONE = 0;

export class ArchiveFormatError extends Error {
  override readonly name = 'ArchiveFormatError';
}

/**
 * Where large parts are kept once, by the sha256 of their bytes (content-store.ts). The codec
 * only names them; the store reads and writes the files.
 */
export interface ContentStore {
  /** Parts of this many bytes or more go to the store. */
  readonly threshold: number;
  /** Keep `bytes` (once); returns their hash and the size of the stored file. */
  put(bytes: Buffer): { hash: string; bytes: number };
  get(hash: string): Buffer;
}

/** Without a store every part stays inline: the blob then reads anywhere on its own. */
export function encodeConversation(conversation: Conversation, store?: ContentStore): Buffer {
  // encode() takes plain objects of the message's shape; fromObject() would only copy them.
  const raw = pb.Conversation.encode(toProto(conversation, store) as dejavu.archive.Conversation.$Properties, new WellFormedWriter()).finish();
  // zstd where the runtime has it (Node >= 22.15, every Electron we ship); gzip otherwise.
  const zstd = typeof zlib.zstdCompressSync === 'function';
  const compressed = zstd ? zlib.zstdCompressSync(raw, { params: { [zlib.constants.ZSTD_c_compressionLevel]: 3 } }) : zlib.gzipSync(raw, { level: 6 });
  const header = Buffer.from([...MAGIC, zstd ? COMPRESSION_ZSTD : COMPRESSION_GZIP]);
  return Buffer.concat([header, compressed]);
}

/** A blob that refers to stored content reads only with its archive's store. */
export function decodeConversation(bytes: Uint8Array, store?: ContentStore): Conversation {
  return fromProto(decodeProto(bytes), store && remembering(store));
}

/** A part's content is read once though its native record names it too. */
function remembering(store: ContentStore): ContentStore {
  const read = new Map<string, Buffer>();
  return {
    ...store,
    get(hash) {
      let bytes = read.get(hash);
      if (!bytes) read.set(hash, (bytes = store.get(hash)));
      return bytes;
    },
  };
}

/** The content hashes a blob refers to, without reading them. */
export function contentRefsOf(bytes: Uint8Array): string[] {
  const refs: string[] = [];
  for (const m of decodeProto(bytes).messages) {
    for (const p of m.parts) {
      const ref = opt(p.toolCallResponse?.contentRef) ?? opt(p.blob?.contentRef);
      if (ref) refs.push(ref);
    }
    if (m.nativeRefs && m.native) for (const [, hash] of m.native.matchAll(MARKER)) refs.push(hash);
  }
  return refs;
}

function decodeProto(bytes: Uint8Array): DecodedConversation {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < 5 || !buf.subarray(0, 4).equals(MAGIC)) throw new ArchiveFormatError('not a Déjà Vu archive blob');
  const body = buf.subarray(5);
  let raw: Buffer;
  switch (buf[4]) {
    case COMPRESSION_ZSTD:
      raw = zlib.zstdDecompressSync(body);
      break;
    case COMPRESSION_GZIP:
      raw = zlib.gunzipSync(body);
      break;
    case COMPRESSION_NONE:
      raw = body;
      break;
    default:
      throw new ArchiveFormatError(`unknown blob compression ${buf[4]}`);
  }
  const decoded = pb.Conversation.decode(new LenientReader(raw));
  if (decoded.schemaVersion > RECORD_SCHEMA_VERSION) {
    throw new ArchiveFormatError(`blob schema ${decoded.schemaVersion} is newer than this Déjà Vu (${RECORD_SCHEMA_VERSION}); update the app`);
  }
  return decoded as unknown as DecodedConversation;
}

type ProtoObject = Record<string, unknown>;

function toProto(c: Conversation, store: ContentStore | undefined): ProtoObject {
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
    agentVersion: c.agentVersion,
    sourcePath: c.sourcePath,
    sources: c.sources,
    sourceDeleted: c.sourceDeleted ?? false,
    warnings: c.warnings,
    messages: c.messages.map((m) => messageToProto(m, store)),
    rewrites: c.rewrites ?? [],
  };
}

function messageToProto(m: Message, store: ContentStore | undefined): ProtoObject {
  const kept: { hash: string; form: NativeForm; text: string }[] = [];
  const parts = m.parts.map((p) => partToProto(p, store, kept));
  const native = m.native === undefined ? undefined : withMarkers(m.native, kept);
  return {
    id: m.id,
    parentId: m.parentId,
    role: m.role,
    timestamp: m.timestamp,
    model: m.model,
    usage: m.usage,
    kind: m.kind,
    parts,
    native: native ?? m.native,
    nativeRefs: native !== undefined,
    source: m.source,
    supersededAt: m.supersededAt,
  };
}

/** How a stored part's text appears in a native record: JSON-escaped text, or base64 bytes. */
type NativeForm = 'j' | 'b';
const MARKER = /\u0000c:([0-9a-f]{64}):([jb])\u0000/g;

function nativeText(bytes: Buffer, form: NativeForm): string {
  return form === 'j' ? JSON.stringify(bytes.toString('utf8')).slice(1, -1) : bytes.toString('base64');
}

/**
 * The native record with each stored part's text replaced by a marker naming it, or undefined
 * when none is in it. A record that holds NUL is left alone: a marker could not be told apart.
 */
function withMarkers(native: string, kept: readonly { hash: string; form: NativeForm; text: string }[]): string | undefined {
  if (!kept.length || native.includes('\u0000')) return undefined;
  let out = native;
  for (const k of kept) out = out.replaceAll(k.text, `\u0000c:${k.hash}:${k.form}\u0000`);
  return out === native ? undefined : out;
}

function withoutMarkers(native: string, store: ContentStore | undefined): string {
  return native.replace(MARKER, (_, hash: string, form: NativeForm) => nativeText(resolve(hash, store), form));
}

function partToProto(p: Part, store: ContentStore | undefined, kept: { hash: string; form: NativeForm; text: string }[]): ProtoObject {
  switch (p.type) {
    case 'text':
      return { text: { content: p.content } };
    case 'reasoning':
      return { reasoning: { content: p.content, redacted: p.redacted ?? false } };
    case 'tool_call':
      return { toolCall: { id: p.id, name: p.name, arguments: p.arguments } };
    case 'tool_call_response': {
      const ref = stored(Buffer.from(p.response, 'utf8'), store);
      if (ref) kept.push({ hash: ref, form: 'j', text: JSON.stringify(p.response).slice(1, -1) });
      return { toolCallResponse: { id: p.id, response: ref ? '' : p.response, isError: p.isError ?? false, contentRef: ref } };
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

/** The hash a large part is kept under, or undefined when it stays inline. */
function stored(bytes: Buffer, store: ContentStore | undefined): string | undefined {
  return store && bytes.length >= store.threshold ? store.put(bytes).hash : undefined;
}

// Decoded proto3 `optional` fields are absent or null when unset; strip both.
function opt<T>(value: T | null | undefined): T | undefined {
  return value === null || value === undefined ? undefined : value;
}

type Maybe<T> = T | null | undefined;
interface DecodedUsage {
  inputTokens?: Maybe<number>;
  outputTokens?: Maybe<number>;
  cacheReadTokens?: Maybe<number>;
  cacheWriteTokens?: Maybe<number>;
  reasoningTokens?: Maybe<number>;
}
interface DecodedPart {
  text?: Maybe<{ content: string }>;
  reasoning?: Maybe<{ content: string; redacted: boolean }>;
  toolCall?: Maybe<{ id: string; name: string; arguments: string }>;
  toolCallResponse?: Maybe<{ id: string; response: string; isError: boolean; contentRef?: Maybe<string> }>;
  blob?: Maybe<{ modality: string; mimeType: string; content: Uint8Array; contentRef?: Maybe<string> }>;
  generic?: Maybe<{ kind: string; content: string }>;
}
interface DecodedMessage {
  id: string;
  parentId?: Maybe<string>;
  role: string;
  timestamp?: Maybe<string>;
  model?: Maybe<string>;
  usage?: Maybe<DecodedUsage>;
  kind?: Maybe<string>;
  parts: DecodedPart[];
  native?: Maybe<string>;
  nativeRefs?: Maybe<boolean>;
  source?: Maybe<number>;
  supersededAt?: Maybe<string>;
}
interface DecodedConversation {
  schemaVersion: number;
  id: string;
  agent: string;
  nativeId: string;
  workspace: string;
  instance: string;
  cwd?: Maybe<string>;
  gitBranch?: Maybe<string>;
  title?: Maybe<string>;
  startedAt?: Maybe<string>;
  endedAt?: Maybe<string>;
  models: string[];
  usage?: Maybe<DecodedUsage>;
  parentId?: Maybe<string>;
  parentToolCallId?: Maybe<string>;
  agentVersion?: Maybe<string>;
  sourcePath: string;
  sources: string[];
  sourceDeleted: boolean;
  warnings: { line?: Maybe<number>; message: string }[];
  messages: DecodedMessage[];
  rewrites: { at: string; path: string; how: string; kept: number }[];
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

function fromProto(c: DecodedConversation, store: ContentStore | undefined): Conversation {
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
    agentVersion: opt(c.agentVersion),
    sourcePath: c.sourcePath,
    sources: [...c.sources],
    sourceDeleted: c.sourceDeleted || undefined,
    warnings: c.warnings.map((w) => stripUndefined({ line: opt(w.line), message: w.message })),
    messages: c.messages.map((m) => messageFromProto(m, store)),
    rewrites: c.rewrites.length ? c.rewrites.map((r) => ({ at: r.at, path: r.path, how: r.how === 'shrank' ? 'shrank' : 'rewritten', kept: r.kept })) : undefined,
  });
}

function messageFromProto(m: DecodedMessage, store: ContentStore | undefined): Message {
  return stripUndefined({
    id: m.id,
    parentId: opt(m.parentId),
    role: m.role as Role,
    timestamp: opt(m.timestamp),
    model: opt(m.model),
    usage: usageFrom(m.usage),
    kind: opt(m.kind),
    parts: m.parts.map((p) => partFromProto(p, store)),
    native: m.nativeRefs && m.native ? withoutMarkers(m.native, store) : opt(m.native),
    source: opt(m.source),
    supersededAt: opt(m.supersededAt),
  });
}

function partFromProto(p: DecodedPart, store: ContentStore | undefined): Part {
  if (p.text) return { type: 'text', content: p.text.content };
  if (p.reasoning) return stripUndefined({ type: 'reasoning', content: p.reasoning.content, redacted: p.reasoning.redacted || undefined });
  if (p.toolCall) return { type: 'tool_call', id: p.toolCall.id, name: p.toolCall.name, arguments: p.toolCall.arguments };
  if (p.toolCallResponse) {
    const ref = opt(p.toolCallResponse.contentRef);
    const response = ref ? resolve(ref, store).toString('utf8') : p.toolCallResponse.response;
    return stripUndefined({ type: 'tool_call_response', id: p.toolCallResponse.id, response, isError: p.toolCallResponse.isError || undefined });
  }
  if (p.blob) {
    const ref = opt(p.blob.contentRef);
    const content = ref ? resolve(ref, store) : Buffer.from(p.blob.content);
    return { type: 'blob', modality: p.blob.modality as BlobPart['modality'], mimeType: p.blob.mimeType, content: content.toString('base64') };
  }
  if (p.generic) return { type: 'generic', kind: p.generic.kind, content: p.generic.content };
  return { type: 'generic', kind: 'unknown-part', content: '' };
}

function resolve(ref: string, store: ContentStore | undefined): Buffer {
  if (!store) throw new ArchiveFormatError("this blob keeps large parts in its archive's content store; read it from its archive");
  return store.get(ref);
}

function stripUndefined<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) if (value[key] === undefined) delete value[key];
  return value;
}

export function assertNever(value: never): never {
  throw new Error(`unexpected value: ${JSON.stringify(value)}`);
}
