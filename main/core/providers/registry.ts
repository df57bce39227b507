/**
 * Every provider Déjà Vu ships, one manifest per agent id, and lookups over them. Adding an
 * agent is its folder plus one line here (the compiler demands it for every agent id).
 */
import type { AgentId } from '../../../shared/agents';
import { aiderProvider } from './aider';
import { antigravityCliProvider } from './antigravity-cli';
import { ampProvider } from './amp';
import { claudeCodeProvider } from './claude-code';
import { clineProvider } from './cline';
import { codexProvider } from './codex';
import { continueProvider } from './continue';
import { copilotCliProvider } from './copilot-cli';
import { crushProvider } from './crush';
import { cursorCliProvider } from './cursor-cli';
import { factoryDroidProvider } from './factory-droid';
import { geminiCliProvider } from './gemini-cli';
import { gooseProvider } from './goose';
import { grokCliProvider } from './grok-cli';
import { kiloCodeProvider } from './kilo-code';
import { hermesProvider } from './hermes';
import { kimiCliProvider } from './kimi-cli';
import { opencodeProvider } from './opencode';
import { openclawProvider } from './openclaw';
import { openhandsProvider } from './openhands';
import { piProvider } from './pi';
import { qwenCodeProvider } from './qwen-code';
import { vscodeCopilotChatProvider } from './vscode-copilot-chat';
import { zedProvider } from './zed';
import type { DetectSample, Provider } from './kit/provider';

/**
 * Every provider, one line each, in the order content detection asks them (the first that says
 * yes owns the file). Most formats cannot be mistaken for one another; the order matters where
 * one could:
 * - Codex and Claude Code first: their envelopes are the most specific, and both are common;
 * - Qwen Code before Gemini CLI: Qwen's older files are Gemini's format, told apart by the
 *   `.qwen` folder they sit in;
 * - OpenClaw before Pi: it writes Pi's session format, told apart by the `.openclaw` folder;
 * - Grok CLI and Amp last among the JSONL formats: their records (`{"type":"user",…}`) are the
 *   loosest, so every stricter envelope has had its say first;
 * - Kilo Code before OpenCode: it writes OpenCode's format, told apart by its `kilo` data dir;
 * - Cline (a JSON array) and Aider (Markdown) cannot collide with the rest.
 */
const REGISTRY = [
  codexProvider,
  claudeCodeProvider,
  qwenCodeProvider,
  geminiCliProvider,
  antigravityCliProvider,
  kiloCodeProvider,
  opencodeProvider,
  zedProvider,
  openhandsProvider,
  hermesProvider,
  kimiCliProvider,
  openclawProvider,
  piProvider,
  copilotCliProvider,
  cursorCliProvider,
  factoryDroidProvider,
  gooseProvider,
  crushProvider,
  clineProvider,
  continueProvider,
  aiderProvider,
  vscodeCopilotChatProvider,
  grokCliProvider,
  ampProvider,
] as const;

/** Compiles only while the registry holds a provider for every agent id. */
type Unregistered = Exclude<AgentId, (typeof REGISTRY)[number]['agent']>;
const EVERY_AGENT_REGISTERED: [Unregistered] extends [never] ? true : never = true;

/** Every provider, in detection order. */
export const PROVIDERS: readonly Provider[] = EVERY_AGENT_REGISTERED ? REGISTRY : [];

const BY_AGENT = new Map<AgentId, Provider>(PROVIDERS.map((p) => [p.agent, p]));

export function providerFor(agent: AgentId): Provider {
  return BY_AGENT.get(agent)!;
}

export function detectProvider(sample: DetectSample): Provider | undefined {
  return PROVIDERS.find((p) => p.detect(sample));
}

/** A file some provider reads as part of a session beside it (a sidecar, a saved tool output). */
export function isCompanionFile(filePath: string): boolean {
  return PROVIDERS.some((p) => p.companion?.(filePath) === true);
}

/** Every session folder of every agent, relative to a home (for watch roots and home discovery). */
export function allSessionFolders(): string[] {
  return [...new Set(PROVIDERS.flatMap((p) => p.sessionFolders))];
}
