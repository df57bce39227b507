/** OpenHands (V1 CLI on the software-agent-sdk): `~/.openhands/conversations/<id>/`. */
import type { Provider } from '../kit/provider';
import { detectOpenHands } from './detect';
import { OPENHANDS_FOLDERS, locateOpenHands } from './locate';
import { parseOpenHands } from './parse';
import { resumeCommand } from './resume';

export const openhandsProvider: Provider<'openhands'> = {
  agent: 'openhands',
  sessionFolders: OPENHANDS_FOLDERS,
  locate: locateOpenHands,
  detect: detectOpenHands,
  parse: parseOpenHands,
  resumeCommand,
};
