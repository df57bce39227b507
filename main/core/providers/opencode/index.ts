/** The OpenCode provider: `opencode.db`, the `storage/` file tree, and `opencode export` JSON. */
import type { Provider } from '../provider';
import { detectOpenCode } from './detect';
import { locateOpenCode } from './locate';
import { parseOpenCode } from './parse';
import { resumeCommand } from './resume';

export const opencodeProvider: Provider = {
  agent: 'opencode',
  locate: locateOpenCode,
  detect: detectOpenCode,
  parse: parseOpenCode,
  resumeCommand,
};
