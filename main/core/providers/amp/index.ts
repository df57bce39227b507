/** The Amp provider: thread files under `~/.local/share/amp/threads`, saved `--stream-json` output, and live captures. */
import type { Provider } from '../provider';
import { detectAmp } from './detect';
import { locateAmp } from './locate';
import { parseAmp } from './parse';
import { resumeAmp } from './resume';

export const ampProvider: Provider = {
  agent: 'amp',
  locate: locateAmp,
  detect: detectAmp,
  parse: parseAmp,
  resumeCommand: resumeAmp,
};
