/** The Factory Droid provider: session JSONL files under `~/.factory/sessions`. */
import type { Provider } from '../provider';
import { detectDroid } from './detect';
import { locateDroid } from './locate';
import { parseDroid } from './parse';
import { resumeDroid } from './resume';

export const factoryDroidProvider: Provider = {
  agent: 'factory-droid',
  locate: locateDroid,
  detect: detectDroid,
  parse: parseDroid,
  resumeCommand: resumeDroid,
};
