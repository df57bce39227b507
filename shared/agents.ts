/** Every agent Déjà Vu knows by name; the closed set that switches over agents must cover. */
export const AGENT_IDS = [
  'claude-code',
  'codex',
  'gemini-cli',
  'opencode',
  'copilot-cli',
  'kimi-cli',
  'grok-cli',
  'amp',
  'cursor-cli',
  'factory-droid',
  'cline',
  'aider',
  'qwen-code',
] as const;

export type AgentId = (typeof AGENT_IDS)[number];

/** Names people see for each agent. */
export const AGENT_LABELS: Readonly<Record<AgentId, string>> = {
  'claude-code': 'Claude Code',
  codex: 'Codex CLI',
  'gemini-cli': 'Gemini CLI',
  opencode: 'OpenCode',
  'copilot-cli': 'Copilot CLI',
  'kimi-cli': 'Kimi',
  'grok-cli': 'Grok CLI',
  amp: 'Amp',
  'cursor-cli': 'Cursor CLI',
  'factory-droid': 'Factory Droid',
  cline: 'Cline',
  aider: 'Aider',
  'qwen-code': 'Qwen Code',
};

export function isAgentId(value: string): value is AgentId {
  return (AGENT_IDS as readonly string[]).includes(value);
}
