/** The Pi coding agent (and its fork oh-my-pi): `~/.pi/agent/sessions/--<cwd>--/*.jsonl`. */
import type { Provider } from '../kit/provider';
import { detectPiSession } from '../kit/pi-family/detect';
import { PI_FOLDERS, locatePiSessions } from './locate';
import { parsePiSession } from './parse';
import { resumeCommand } from './resume';

export const piProvider: Provider<'pi'> = {
  agent: 'pi',
  sessionFolders: PI_FOLDERS,
  locate: locatePiSessions,
  detect: detectPiSession,
  parse: parsePiSession,
  resumeCommand,
};
