/**
 * Recognises an OpenClaw transcript: the Pi session header (OpenClaw writes transcripts with
 * Pi's SessionManager) in a file under an OpenClaw state folder (`.openclaw…/agents/`). The
 * registry asks before Pi, whose files carry the same header.
 */
import type { DetectSample } from '../kit/provider';
import { detectPiSession } from '../kit/pi-family/detect';

const OPENCLAW_PATH = /[\\/]\.openclaw[^\\/]*[\\/]agents[\\/]/;

export function detectOpenClaw(sample: DetectSample): boolean {
  return OPENCLAW_PATH.test(sample.path) && detectPiSession(sample);
}
