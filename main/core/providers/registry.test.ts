import { describe, expect, it } from 'vitest';
import { AGENT_IDS } from '../../../shared/agents';
import { PROVIDERS, providerFor } from './registry';

describe('provider registry', () => {
  it('holds one provider per agent id, each once in the detection order', () => {
    expect(PROVIDERS.map((p) => p.agent).sort()).toEqual([...AGENT_IDS].sort());
    for (const agent of AGENT_IDS) expect(providerFor(agent).agent).toBe(agent);
  });

  it('gives every agent with a store of its own session folders relative to a home', () => {
    for (const p of PROVIDERS) {
      if (p.agent === 'aider') expect(p.sessionFolders).toEqual([]);
      else expect(p.sessionFolders.length, p.agent).toBeGreaterThan(0);
      for (const rel of p.sessionFolders) expect(rel, p.agent).toMatch(/^[^/\\][^\\]*[^/\\]$/);
    }
  });
});
