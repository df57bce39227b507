/** The Cline provider (also Roo Code / Kilo Code): `tasks/<taskId>/ui_messages.json` files. */
import type { Provider } from '../provider';
import { detectClineTask } from './detect';
import { locateClineTasks } from './locate';
import { parseClineTask } from './parse';
import { resumeCommand } from './resume';

export const clineProvider: Provider = {
  agent: 'cline',
  locate: locateClineTasks,
  detect: detectClineTask,
  parse: parseClineTask,
  resumeCommand,
};
