/**
 * A subagent's turns as its parent's transcript streams them. While a Task/Agent call runs,
 * Claude Code 2.1.x writes each message of the subagent into the parent's file as a `progress`
 * record: `{type: "progress", data: {type: "agent_progress", agentId, prompt, message: {type:
 * "user"|"assistant", message: {role, content}, uuid, timestamp}}, parentToolUseID: <the call>}`
 * (fixture 10, 2.1.56: the task, two tool calls and their results). The subagent's own file
 * (`<session>/subagents/agent-<agentId>.jsonl`) holds the same turns and more, so these are read
 * only when that file is not beside the transcript: a copy of the transcript alone (the Entire
 * checkpoints among the fixtures) or a home whose session folder is gone.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { RawRecord } from './records';
import { isObject, str } from './records';

export interface AgentProgress {
  readonly agentId: string;
  /** The parent's Task/Agent call the subagent runs for. */
  readonly toolUseId?: string;
  /** The subagent's message as a record of its own transcript would be. */
  readonly inner: RawRecord;
}

/** The subagent message a `progress` record streams, or undefined for any other progress (hooks, tools, MCP). */
export function agentProgressOf(record: RawRecord): AgentProgress | undefined {
  const data = isObject(record.data) ? record.data : undefined;
  if (data?.type !== 'agent_progress' || !isObject(data.message)) return undefined;
  const agentId = str(data.agentId);
  const type = data.message.type;
  if (agentId === undefined || (type !== 'user' && type !== 'assistant')) return undefined;
  // The envelope the subagent's own records carry, from the parent's (same session, cwd, build).
  const inner: RawRecord = {
    sessionId: record.sessionId,
    cwd: record.cwd,
    gitBranch: record.gitBranch,
    version: record.version,
    ...data.message,
    isSidechain: true,
    agentId,
    timestamp: str(data.message.timestamp) ?? record.timestamp,
  };
  const toolUseId = str(record.parentToolUseID);
  return toolUseId === undefined ? { agentId, inner } : { agentId, toolUseId, inner };
}

/** Whether the subagent's own transcript is beside the parent's (README, "Subagents"; locate.ts: both layouts, and workflow runs). */
export function subagentFileBeside(transcript: string, sessionId: string, agentId: string): boolean {
  const name = `agent-${agentId}.jsonl`;
  const dir = path.dirname(transcript);
  if (existsSync(path.join(dir, name))) return true;
  // The session folder is named by the records' session id, or else by the transcript's name.
  for (const session of new Set([sessionId, path.basename(transcript, '.jsonl')])) {
    const folder = path.join(dir, session);
    if (existsSync(path.join(folder, 'subagents', name))) return true;
    for (const runs of [path.join(folder, 'subagents', 'workflows'), path.join(folder, 'workflows')]) if (inSomeRun(runs, name)) return true;
  }
  return false;
}

/** Whether a workflow run folder under `runs` holds `name`. */
function inSomeRun(runs: string, name: string): boolean {
  try {
    return readdirSync(runs).some((run) => existsSync(path.join(runs, run, name)));
  } catch {
    return false; // no workflow runs
  }
}
