/** The Antigravity CLI provider (`agy`): `~/.gemini/antigravity-cli/brain/<id>/.system_generated/logs/transcript_full.jsonl`. */
import type { Provider } from '../kit/provider';
import { detectAntigravity } from './detect';
import { ANTIGRAVITY_FOLDERS, locateAntigravity } from './locate';
import { parseAntigravity } from './parse';
import { resumeCommand } from './resume';

export const antigravityCliProvider: Provider<'antigravity-cli'> = {
  agent: 'antigravity-cli',
  sessionFolders: ANTIGRAVITY_FOLDERS,
  locate: locateAntigravity,
  detect: detectAntigravity,
  parse: parseAntigravity,
  resumeCommand,
};
