/**
 * The digest contract of one conversation (shared/digest-contract.ts): from its stored digest
 * when that is of the current revision (or all that is left after eviction), else computed from
 * the archived record now. Read-only: it never writes a digest.
 */
import { DIGEST_SCHEMA_VERSION, type DigestDocument } from '../../../shared/digest-contract';
import type { Usage } from '../../../shared/record';
import { addUsage } from '../../../shared/usage';
import type { ArchiveReader } from '../access/archive-reader';
import { digestWithCurrency } from '../archive/index-store/read-digests';
import { buildDigest, type Digest, DIGEST_VERSION } from '../retention/digest';
import { PRICE_TABLE, priceOf } from '../usage/prices';

/** Throws ConversationNotFoundError / AmbiguousIdError for an id that names no conversation. */
export function digestDocument(reader: ArchiveReader, idOrPrefix: string): DigestDocument {
  const summary = reader.summary(idOrPrefix);
  const row = digestWithCurrency(reader.db, summary.id, DIGEST_VERSION);
  const stored = row?.data ? (JSON.parse(row.data) as Digest) : undefined;
  let digest: Digest;
  let fromStore = false;
  if (stored && row?.current === 1) {
    digest = stored;
    fromStore = true;
  } else {
    try {
      digest = buildDigest(reader.get(summary.id));
    } catch (err) {
      if (!stored) throw err;
      digest = stored; // the record is gone or unreadable: the digest is what outlives it
      fromStore = true;
    }
  }
  return toDocument(digest, fromStore, summary.sourceDeleted === true);
}

function toDocument(d: Digest, stored: boolean, sourceDeleted: boolean): DigestDocument {
  return strip({
    schema_version: DIGEST_SCHEMA_VERSION,
    identity: strip({
      id: d.conversationId,
      agent: d.agent,
      nativeId: d.nativeId,
      title: d.title,
      workspace: d.workspace,
      instance: d.instance,
      cwd: d.cwd,
      gitBranch: d.gitBranch,
      parentId: d.parentId,
      agentVersion: d.agentVersion,
      sourcePath: d.sourcePath,
      sourceDeleted,
    }),
    times: strip({ startedAt: d.startedAt, endedAt: d.endedAt, durationMs: d.durationMs }),
    outcome: d.outcome,
    models: d.models,
    cost: costOf(d),
    counts: { messages: d.counts.messages, prompts: d.counts.prompts, answers: d.counts.answers, toolCalls: d.counts.toolCalls, errors: d.counts.errors, retries: d.counts.retries, interrupts: d.counts.interrupts },
    toolHistogram: d.counts.toolCallsByName,
    kindCounts: d.kindCounts ?? {},
    markers: d.markers ?? [],
    firstPrompt: d.firstPrompt,
    lastAnswer: d.lastAnswer,
    errors: d.errors ?? [],
    filesTouched: d.fileTouches?.map((f) => ({ path: f.path, actions: [...f.actions] })) ?? d.filesTouched.map((path) => ({ path, actions: [] })),
    digest: { version: d.version, stored },
  });
}

/** Tokens and dollars from the digest's usage per quarter hour and model, priced at the time. */
function costOf(d: Digest): DigestDocument['cost'] {
  const buckets = d.usageBuckets ?? (d.usage ? [{ model: d.model, usage: d.usage, at: d.startedAt }] : []);
  let tokens: Usage | undefined;
  let cost = 0;
  const unpriced = new Set<string>();
  for (const b of buckets) {
    tokens = addUsage(tokens, b.usage);
    const price = priceOf(b.model, b.usage, b.at);
    if (price === null) unpriced.add(b.model ?? '(model not recorded)');
    else cost += price;
  }
  return { tokens: tokens ?? {}, costUsd: unpriced.size || buckets.length === 0 ? null : cost, unpricedModels: [...unpriced].sort(), priceTable: PRICE_TABLE };
}

function strip<T extends object>(o: T): T {
  for (const key of Object.keys(o) as (keyof T)[]) if (o[key] === undefined) delete o[key];
  return o;
}
