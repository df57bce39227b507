/** The Codex CLI provider: rollout JSONL files under `~/.codex` (and `$CODEX_HOME`). */
import type { Provider } from '../kit/provider';
import { detectRollout } from './detect';
import { CODEX_FOLDERS, locateRollouts } from './locate';
import { parseRollout, rolloutIncremental } from './parse';
import { resumeCommand } from './resume';

export const codexProvider: Provider<'codex'> = {
  agent: 'codex',
  sessionFolders: CODEX_FOLDERS,
  locate: locateRollouts,
  detect: detectRollout,
  parse: parseRollout,
  incremental: rolloutIncremental,
  resumeCommand,
};
