/** The Grok CLI provider (xAI grok-build): `~/.grok/sessions/<cwd>/<session>/chat_history.jsonl`. */
import type { Provider } from '../provider';
import { detectGrokSession } from './detect';
import { locateGrokSessions } from './locate';
import { parseGrokSession } from './parse';
import { resumeCommand } from './resume';

export const grokCliProvider: Provider = {
  agent: 'grok-cli',
  locate: locateGrokSessions,
  detect: detectGrokSession,
  parse: parseGrokSession,
  resumeCommand,
};
