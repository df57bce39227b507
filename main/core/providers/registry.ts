/** Every provider Déjà Vu ships, and lookups over them. */
import type { AgentId } from '../../../shared/agents';
import { claudeCodeProvider } from './claude-code';
import { codexProvider } from './codex';
import type { DetectSample, Provider } from './provider';

/** Ordered: content detection asks each in turn, the most specific formats first. */
export const PROVIDERS: readonly Provider[] = [codexProvider, claudeCodeProvider];

export function providerFor(agent: AgentId): Provider | undefined {
  return PROVIDERS.find((p) => p.agent === agent);
}

export function detectProvider(sample: DetectSample): Provider | undefined {
  return PROVIDERS.find((p) => p.detect(sample));
}
