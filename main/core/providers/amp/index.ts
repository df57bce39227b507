/** The Amp provider: thread files under `~/.local/share/amp/threads`, saved `--stream-json` output, and live captures. */
import type { Provider } from '../kit/provider';
import { detectAmp } from './detect';
import { AMP_FOLDERS, locateAmp } from './locate';
import { parseAmp } from './parse';
import { resumeAmp } from './resume';

export const ampProvider: Provider<'amp'> = {
  agent: 'amp',
  sessionFolders: AMP_FOLDERS,
  locate: locateAmp,
  detect: detectAmp,
  parse: parseAmp,
  resumeCommand: resumeAmp,
};
