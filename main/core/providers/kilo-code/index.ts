/** The Kilo Code provider (Kilo CLI and the extensions built on it): `~/.local/share/kilo/kilo.db`, read as OpenCode's format. */
import type { Provider } from '../kit/provider';
import { detectKilo } from './detect';
import { KILO_FOLDERS, locateKilo } from './locate';
import { parseKilo } from './parse';
import { resumeCommand } from './resume';

export const kiloCodeProvider: Provider<'kilo-code'> = {
  agent: 'kilo-code',
  sessionFolders: KILO_FOLDERS,
  locate: locateKilo,
  detect: detectKilo,
  parse: parseKilo,
  resumeCommand,
};
