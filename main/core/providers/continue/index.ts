/** Continue (VS Code / JetBrains extension and `cn` CLI): `~/.continue/sessions/<id>.json`. */
import type { Provider } from '../kit/provider';
import { detectContinueSession } from './detect';
import { CONTINUE_FOLDERS, locateContinueSessions } from './locate';
import { parseContinueSession } from './parse';
import { resumeCommand } from './resume';

export const continueProvider: Provider<'continue'> = {
  agent: 'continue',
  sessionFolders: CONTINUE_FOLDERS,
  locate: locateContinueSessions,
  detect: detectContinueSession,
  parse: parseContinueSession,
  resumeCommand,
};
