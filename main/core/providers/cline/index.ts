/** The Cline provider (also Roo Code / Kilo Code): `tasks/<taskId>/ui_messages.json` files. */
import type { Provider } from '../kit/provider';
import { detectClineTask } from './detect';
import { CLINE_FOLDERS, locateClineTasks } from './locate';
import { parseClineTask } from './parse';
import { resumeCommand } from './resume';

export const clineProvider: Provider<'cline'> = {
  agent: 'cline',
  sessionFolders: CLINE_FOLDERS,
  locate: locateClineTasks,
  detect: detectClineTask,
  parse: parseClineTask,
  resumeCommand,
};
