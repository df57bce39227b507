/** Every provider Déjà Vu ships, and lookups over them. */
import type { AgentId } from '../../../shared/agents';
import { aiderProvider } from './aider';
import { ampProvider } from './amp';
import { claudeCodeProvider } from './claude-code';
import { clineProvider } from './cline';
import { codexProvider } from './codex';
import { copilotCliProvider } from './copilot-cli';
import { cursorCliProvider } from './cursor-cli';
import { factoryDroidProvider } from './factory-droid';
import { geminiCliProvider } from './gemini-cli';
import { grokCliProvider } from './grok-cli';
import { kimiCliProvider } from './kimi-cli';
import { opencodeProvider } from './opencode';
import { qwenCodeProvider } from './qwen-code';
import type { DetectSample, Provider } from './provider';

/** Ordered: content detection asks each in turn, the most specific formats first. */
export const PROVIDERS: readonly Provider[] = [
  codexProvider,
  claudeCodeProvider,
  qwenCodeProvider,
  geminiCliProvider,
  opencodeProvider,
  kimiCliProvider,
  copilotCliProvider,
  cursorCliProvider,
  factoryDroidProvider,
  clineProvider,
  aiderProvider,
  grokCliProvider,
  ampProvider,
];

export function providerFor(agent: AgentId): Provider | undefined {
  return PROVIDERS.find((p) => p.agent === agent);
}

export function detectProvider(sample: DetectSample): Provider | undefined {
  return PROVIDERS.find((p) => p.detect(sample));
}
