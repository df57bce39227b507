/** OpenClaw (built on Pi): `~/.openclaw/agents/<agentId>/sessions/<sessionId>.jsonl`. */
import type { Provider } from '../kit/provider';
import { detectOpenClaw } from './detect';
import { OPENCLAW_FOLDERS, locateOpenClaw } from './locate';
import { parseOpenClaw } from './parse';
import { resumeCommand } from './resume';

export const openclawProvider: Provider<'openclaw'> = {
  agent: 'openclaw',
  sessionFolders: OPENCLAW_FOLDERS,
  locate: locateOpenClaw,
  detect: detectOpenClaw,
  parse: parseOpenClaw,
  resumeCommand,
};
