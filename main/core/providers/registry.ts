/**
 * Every provider Déjà Vu ships, one manifest per agent id, and lookups over them. Adding an
 * agent is its folder plus one line here (the compiler demands both lines below).
 */
import { AGENT_IDS, type AgentId } from '../../../shared/agents';
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
import type { DetectSample, Provider } from './kit/provider';

/** Typed so that an agent id without a provider does not compile. */
const BY_AGENT: Readonly<Record<AgentId, Provider>> = {
  'claude-code': claudeCodeProvider,
  codex: codexProvider,
  'gemini-cli': geminiCliProvider,
  opencode: opencodeProvider,
  'copilot-cli': copilotCliProvider,
  'kimi-cli': kimiCliProvider,
  'grok-cli': grokCliProvider,
  amp: ampProvider,
  'cursor-cli': cursorCliProvider,
  'factory-droid': factoryDroidProvider,
  cline: clineProvider,
  aider: aiderProvider,
  'qwen-code': qwenCodeProvider,
};

/**
 * The order content detection asks providers in (the first that says yes owns the file). Most
 * formats cannot be mistaken for one another; the order matters where one could:
 * - Codex and Claude Code first: their envelopes are the most specific, and both are common;
 * - Qwen Code before Gemini CLI: Qwen's older files are Gemini's format, told apart by the
 *   `.qwen` folder they sit in;
 * - Grok CLI and Amp last among the JSONL formats: their records (`{"type":"user",…}`) are the
 *   loosest, so every stricter envelope has had its say first;
 * - Cline (a JSON array) and Aider (Markdown) cannot collide with the rest.
 */
const DETECTION_ORDER = [
  'codex',
  'claude-code',
  'qwen-code',
  'gemini-cli',
  'opencode',
  'kimi-cli',
  'copilot-cli',
  'cursor-cli',
  'factory-droid',
  'cline',
  'aider',
  'grok-cli',
  'amp',
] as const satisfies readonly AgentId[];

/** Compiles only while the detection order names every agent. */
type Unordered = Exclude<AgentId, (typeof DETECTION_ORDER)[number]>;
const ORDER_IS_COMPLETE: [Unordered] extends [never] ? true : never = true;

/** Every provider, in detection order. */
export const PROVIDERS: readonly Provider[] = ORDER_IS_COMPLETE ? DETECTION_ORDER.map((agent) => BY_AGENT[agent]) : [];

export function providerFor(agent: AgentId): Provider {
  return BY_AGENT[agent];
}

export function detectProvider(sample: DetectSample): Provider | undefined {
  return PROVIDERS.find((p) => p.detect(sample));
}

/** Every session folder of every agent, relative to a home (for watch roots and home discovery). */
export function allSessionFolders(): string[] {
  return [...new Set(AGENT_IDS.flatMap((agent) => BY_AGENT[agent].sessionFolders))];
}
