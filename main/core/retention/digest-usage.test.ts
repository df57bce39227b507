import { describe, expect, it } from 'vitest';
import type { AgentId } from '../../../shared/agents';
import type { Conversation, Usage } from '../../../shared/record';
import { addUsage } from '../../../shared/usage';
import { provenanceFor } from '../../../test/provenance';
import { fileParseContext } from '../capture/parse-context';
import { providerFor } from '../providers/registry';
import { usageBuckets } from './digest-usage';

async function parsed(agent: AgentId): Promise<Conversation[]> {
  const out: Conversation[] = [];
  for (const f of provenanceFor(agent)) out.push(...(await (providerFor(agent)?.parse(fileParseContext(f.absPath)) ?? [])));
  return out;
}

const sum = (buckets: readonly { usage: Usage }[]) => buckets.reduce<Usage>((a, b) => addUsage(a, b.usage), {});

describe('usage buckets of a digest', () => {
  it('add up to the total Codex itself recorded, even where some turns had no message to carry their count', async () => {
    const codex = await parsed('codex');
    // The fixture that shows the gap: Codex's total is more than its messages' counts.
    const gap = codex.filter((c) => c.usage && (c.usage.outputTokens ?? 0) > c.messages.reduce((n, m) => n + (m.usage?.outputTokens ?? 0), 0));
    expect(gap.length).toBeGreaterThan(0);
    for (const c of codex) if (c.usage) expect(sum(usageBuckets(c))).toEqual(c.usage);
  });

  it('sum every Claude Code message once, per quarter hour and model', async () => {
    for (const c of await parsed('claude-code')) {
      const buckets = usageBuckets(c);
      const messages = c.messages.filter((m) => m.usage).reduce<Usage>((a, m) => addUsage(a, m.usage as Usage), {});
      expect(sum(buckets)).toEqual(messages);
      for (const b of buckets) if (b.at) expect(Date.parse(b.at) % (15 * 60 * 1000)).toBe(0);
      expect(new Set(buckets.map((b) => `${b.at}|${b.model}`)).size).toBe(buckets.length);
    }
  });
});
