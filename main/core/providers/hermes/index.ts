/** Hermes Agent (Nous Research): every session in one SQLite store, `~/.hermes/state.db`. */
import type { Provider } from '../kit/provider';
import { detectHermes } from './detect';
import { HERMES_FOLDERS, locateHermes } from './locate';
import { parseHermes } from './parse';
import { resumeCommand } from './resume';

export const hermesProvider: Provider<'hermes'> = {
  agent: 'hermes',
  sessionFolders: HERMES_FOLDERS,
  locate: locateHermes,
  detect: detectHermes,
  parse: parseHermes,
  resumeCommand,
};
