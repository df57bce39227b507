/**
 * Large tool results (2.0.60+): Claude Code writes the whole output to
 * `<session>/tool-results/<name>` and puts only a stub in the transcript —
 * `<persisted-output>\nOutput too large (35.8KB). Full output saved to: <path>\n\nPreview (first 2KB):\n…`.
 * The record's `toolUseResult.persistedOutputPath` names the same file. An MCP tool's result past
 * its token limit is saved the same way, its stub an error naming the file (MCP_STUB). The
 * response shown is the file's content; the stub stays when the file cannot be had.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Part } from '../../../../shared/record';
import type { RawRecord } from './records';
import { isObject, str } from './records';
import { sessionFolderOf } from './subagent-meta';

const STUB = '<persisted-output>';
/**
 * An MCP tool's result past its token limit (2.1.x's mcpOutputStorage, seen in public transcripts
 * and prompt extracts): `Error: result (307,533 characters) exceeds maximum allowed tokens. Output
 * has been saved to <session>/tool-results/mcp-….txt.` and how to read it; the file holds the result.
 */
const MCP_STUB = /^Error: result \([\d,.\s]+ characters[^)\n]*\) exceeds maximum allowed tokens\. Output has been saved to /;
const SAVED_TO = /(?:Full output saved to|Output has been saved to):?[ \t]*([^\n]+)/;
/** Beyond this the output stays a preview: one response is held in memory whole. */
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

/**
 * The folders a transcript's companions may be in: `<project>/<session>/` for a session file, the
 * session folder above `subagents/` for a subagent's (they share it).
 */
export function companionFolders(transcript: string): string[] {
  const session = sessionFolderOf(transcript);
  if (session !== undefined) {
    const parts = path.resolve(transcript).split(path.sep);
    return [parts.slice(0, parts.lastIndexOf(session) + 1).join(path.sep)];
  }
  return [transcript.replace(/\.jsonl$/, '')];
}

/**
 * Replaces each `<persisted-output>` stub among `parts` with the full output from `tool-results/`.
 * A stub whose file is gone from a session folder that is there is kept, and warned about; a
 * transcript copied without its session folder keeps its stubs silently (they say what they are).
 */
export function expandPersistedOutputs(parts: Part[], record: RawRecord, folders: readonly string[], warn: (message: string) => void): void {
  for (const part of parts) {
    if (part.type !== 'tool_call_response' || !(part.response.startsWith(STUB) || MCP_STUB.test(part.response))) continue;
    const name = fileName(part.response, record);
    const present = folders.filter((dir) => isFolder(dir));
    if (present.length === 0) continue;
    if (name === undefined) {
      warn(`Tool result ${part.id}: a large output was saved apart but its file is not named; kept the preview`);
      continue;
    }
    const found = present.map((dir) => path.join(dir, 'tool-results', name)).find(isFile);
    if (found === undefined) {
      warn(`Tool result ${part.id}: its full output (tool-results/${name}) is no longer there; kept the preview Claude Code wrote inline`);
      continue;
    }
    const size = statSync(found).size;
    if (size > MAX_OUTPUT_BYTES) {
      warn(`Tool result ${part.id}: its full output (tool-results/${name}, ${size} bytes) is too large to read; kept the preview`);
      continue;
    }
    try {
      part.response = readFileSync(found, 'utf8');
    } catch (error) {
      warn(`Tool result ${part.id}: tool-results/${name} could not be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); kept the preview`);
    }
  }
}

/** The file's name, from the stub (or the record's `persistedOutputPath`): never a path to follow. */
function fileName(stub: string, record: RawRecord): string | undefined {
  const result = isObject(record.toolUseResult) ? record.toolUseResult : {};
  const written = SAVED_TO.exec(stub)?.[1]?.trim() ?? str(result.persistedOutputPath);
  // Written on any system: `/` or `\` separated; the MCP stub's sentence ends with a period.
  const name = written?.replace(/\.$/, '').split(/[\\/]/).pop();
  return name && name !== '.' && name !== '..' ? name : undefined;
}

function isFolder(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
