/** The Factory Droid provider: session JSONL files under `~/.factory/sessions`. */
import type { Provider } from '../kit/provider';
import { detectDroid } from './detect';
import { DROID_FOLDERS, locateDroid } from './locate';
import { parseDroid } from './parse';
import { resumeDroid } from './resume';

export const factoryDroidProvider: Provider<'factory-droid'> = {
  agent: 'factory-droid',
  sessionFolders: DROID_FOLDERS,
  locate: locateDroid,
  detect: detectDroid,
  parse: parseDroid,
  resumeCommand: resumeDroid,
};
