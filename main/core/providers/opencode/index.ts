/** The OpenCode provider: `opencode.db`, the `storage/` file tree, and `opencode export` JSON. */
import type { Provider } from '../kit/provider';
import { detectOpenCode } from './detect';
import { OPENCODE_FOLDERS, locateOpenCode } from './locate';
import { parseOpenCode } from './parse';
import { resumeCommand } from './resume';

export const opencodeProvider: Provider<'opencode'> = {
  agent: 'opencode',
  sessionFolders: OPENCODE_FOLDERS,
  locate: locateOpenCode,
  detect: detectOpenCode,
  parse: parseOpenCode,
  resumeCommand,
};
