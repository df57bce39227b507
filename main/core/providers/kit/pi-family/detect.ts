/**
 * Recognises the Pi session format (Pi, oh-my-pi, OpenClaw) from its first line, the session header:
 * `{"type":"session","version":3,"id":…,"timestamp":…,"cwd":…}` (no `version` in v1 files).
 */
import type { DetectSample } from '../provider';
import { firstLine } from '../first-line';
import { isObject } from '../json';

export function detectPiSession(sample: DetectSample): boolean {
  const { record } = firstLine(sample.head.trimStart());
  return isObject(record) && record.type === 'session' && typeof record.id === 'string' && typeof record.cwd === 'string' && typeof record.timestamp === 'string';
}
