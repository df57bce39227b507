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
  'antigravity-cli',
  'kilo-code',
  'goose',
  'crush',
  'vscode-copilot-chat',
  'zed',
  'continue',
  'pi',
  'openhands',
  'openclaw',
  'hermes',
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
  'antigravity-cli': 'Antigravity CLI',
  'kilo-code': 'Kilo Code',
  goose: 'Goose',
  crush: 'Crush',
  'vscode-copilot-chat': 'VS Code Copilot Chat',
  zed: 'Zed Agent',
  continue: 'Continue',
  pi: 'Pi',
  openhands: 'OpenHands',
  openclaw: 'OpenClaw',
  hermes: 'Hermes Agent',
};

export function isAgentId(value: string): value is AgentId {
  return (AGENT_IDS as readonly string[]).includes(value);
}

/** Agent ids a name means: the exact id, else ids or display names that start with it. */
export function resolveAgent(name: string): string[] {
  const n = name.toLowerCase();
  if ((AGENT_IDS as readonly string[]).includes(n)) return [n];
  return AGENT_IDS.filter((id) => id.startsWith(n) || AGENT_LABELS[id].toLowerCase().startsWith(n) || AGENT_LABELS[id].toLowerCase().replace(/\s+/g, '-') === n);
}
