/** The GitHub Copilot CLI provider: `~/.copilot/session-state` event logs and legacy session JSON. */
import type { Provider } from '../kit/provider';
import { detectCopilot } from './detect';
import { COPILOT_FOLDERS, locateCopilot } from './locate';
import { parseCopilot } from './parse';
import { resumeCopilot } from './resume';

export const copilotCliProvider: Provider<'copilot-cli'> = {
  agent: 'copilot-cli',
  sessionFolders: COPILOT_FOLDERS,
  locate: locateCopilot,
  detect: detectCopilot,
  parse: parseCopilot,
  resumeCommand: resumeCopilot,
};
