/** The GitHub Copilot CLI provider: `~/.copilot/session-state` event logs and legacy session JSON. */
import type { Provider } from '../provider';
import { detectCopilot } from './detect';
import { locateCopilot } from './locate';
import { parseCopilot } from './parse';
import { resumeCopilot } from './resume';

export const copilotCliProvider: Provider = {
  agent: 'copilot-cli',
  locate: locateCopilot,
  detect: detectCopilot,
  parse: parseCopilot,
  resumeCommand: resumeCopilot,
};
