/** Builds the ParseContext a provider reads one file through. */
import { readFile } from 'node:fs/promises';
import type { ParseContext } from '../providers/provider';
import { readLines } from './read-lines';

export interface SourceOrigin {
  /** `host`, or the jackin container name. */
  readonly instance: string;
  readonly workspaceHint?: string;
}

export function fileParseContext(filePath: string, origin: SourceOrigin = { instance: 'host' }, end?: number): ParseContext {
  return {
    path: filePath,
    instance: origin.instance,
    workspaceHint: origin.workspaceHint,
    lines: () => readLines(filePath, { end, tail: 'if-json' }),
    readText: async () => {
      const text = await readFile(filePath, 'utf8');
      return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    },
  };
}
