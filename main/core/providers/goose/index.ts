/** The Goose provider (block/goose): `~/.local/share/goose/sessions/sessions.db`, and the older `sessions/<name>.jsonl`. */
import type { Provider } from '../kit/provider';
import { detectGoose } from './detect';
import { GOOSE_FOLDERS, locateGoose } from './locate';
import { parseGoose } from './parse';
import { resumeCommand } from './resume';

export const gooseProvider: Provider<'goose'> = {
  agent: 'goose',
  sessionFolders: GOOSE_FOLDERS,
  locate: locateGoose,
  detect: detectGoose,
  parse: parseGoose,
  resumeCommand,
};
