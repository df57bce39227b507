/** The Aider provider: `.aider.chat.history.md` in a repo, one conversation per session header. */
import type { Provider } from '../kit/provider';
import { detectAiderHistory } from './detect';
import { locateAiderHistories } from './locate';
import { parseAiderHistory } from './parse';
import { resumeCommand } from './resume';

export const aiderProvider: Provider<'aider'> = {
  agent: 'aider',
  // No store of its own: histories sit in each repo, found by locate's bounded walk.
  sessionFolders: [],
  locate: locateAiderHistories,
  detect: detectAiderHistory,
  parse: parseAiderHistory,
  resumeCommand,
};
