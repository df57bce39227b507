/** The Grok CLI provider: xAI grok-build's `~/.grok/sessions/<cwd>/<session>/updates.jsonl` (else `chat_history.jsonl`), and superagent-ai's `~/.grok/grok.db`. */
import type { Provider } from '../kit/provider';
import { detectGrokSession } from './detect';
import { GROK_FOLDERS, locateGrokSessions, replacedGrokLogs } from './locate';
import { parseGrokSession } from './parse';
import { resumeCommand } from './resume';

export const grokCliProvider: Provider<'grok-cli'> = {
  agent: 'grok-cli',
  sessionFolders: GROK_FOLDERS,
  locate: locateGrokSessions,
  detect: detectGrokSession,
  parse: parseGrokSession,
  replaces: replacedGrokLogs,
  resumeCommand,
};
