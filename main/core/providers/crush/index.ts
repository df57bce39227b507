/** The Crush provider (charmbracelet/crush): each project's `.crush/crush.db`, found through Crush's `projects.json`. */
import type { Provider } from '../kit/provider';
import { detectCrush } from './detect';
import { CRUSH_FOLDERS, locateCrush } from './locate';
import { parseCrush } from './parse';
import { resumeCommand } from './resume';

export const crushProvider: Provider<'crush'> = {
  agent: 'crush',
  sessionFolders: CRUSH_FOLDERS,
  locate: locateCrush,
  detect: detectCrush,
  parse: parseCrush,
  resumeCommand,
};
