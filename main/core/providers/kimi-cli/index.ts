/** The Kimi provider: kimi-cli context files under `~/.kimi` and kimi-code journals under `~/.kimi-code`. */
import type { Provider } from '../kit/provider';
import { detectKimi } from './detect';
import { KIMI_FOLDERS, locateKimi } from './locate';
import { wireLogOf } from './names';
import { parseKimi } from './parse';
import { resumeCommand } from './resume';

export const kimiCliProvider: Provider<'kimi-cli'> = {
  agent: 'kimi-cli',
  sessionFolders: KIMI_FOLDERS,
  locate: locateKimi,
  detect: detectKimi,
  companionsOf: wireLogOf,
  parse: parseKimi,
  resumeCommand,
};
