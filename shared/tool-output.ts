/**
 * A tool's output without the wrapper its agent put around it. Codex reports a shell run as
 * `Chunk ID: …`, `Wall time: …`, `Process exited with code N`, `Original token count: …` lines
 * before `Output:` (older versions: `Exit code: N` / `Wall time: …`, or JSON with `output` and
 * `metadata.exit_code`). Those facts become fields (an exit-code chip), the rest is the output.
 * Shared by the app and the Markdown export.
 */
export interface ToolOutput {
  /** What the command printed (the whole response when there is no wrapper). */
  readonly output: string;
  readonly exitCode?: number;
  /** Seconds, as the agent measured them. */
  readonly wallSeconds?: number;
  /** Still running when the agent moved on (Codex: "Process running with session ID …"). */
  readonly running?: boolean;
}

/** A wrapper line: its name, then its value. */
export const HEADER = /^(Chunk ID|Wall time|Process exited with code|Process running with session ID|Exit code|Original token count|Total output lines)\b:?\s*(.*)$/;

export function parseToolOutput(response: string): ToolOutput {
  const json = fromJson(response);
  if (json) return json;
  const lines = response.split('\n');
  let exitCode: number | undefined;
  let wallSeconds: number | undefined;
  let running: boolean | undefined;
  let i = 0;
  for (; i < lines.length && i < 8; i++) {
    const m = HEADER.exec(lines[i]);
    if (!m) break;
    const [, key, value] = m;
    if (key === 'Process exited with code' || key === 'Exit code') exitCode = toInt(value);
    else if (key === 'Wall time') wallSeconds = Number.parseFloat(value);
    else if (key === 'Process running with session ID') running = true;
  }
  // Only a run of known header lines ending at `Output:` is a wrapper; anything else is output.
  if (i === 0 || lines[i]?.trim() !== 'Output:') {
    if (i > 0 && i === lines.length - (lines[lines.length - 1] === '' ? 1 : 0)) return { output: '', exitCode, wallSeconds: finite(wallSeconds), running };
    return { output: response };
  }
  return { output: lines.slice(i + 1).join('\n'), exitCode, wallSeconds: finite(wallSeconds), running };
}

function fromJson(response: string): ToolOutput | undefined {
  const t = response.trimStart();
  if (!t.startsWith('{"output"')) return undefined;
  try {
    const v = JSON.parse(t) as { output?: unknown; metadata?: { exit_code?: unknown; duration_seconds?: unknown } };
    if (typeof v.output !== 'string') return undefined;
    const code = v.metadata?.exit_code;
    const secs = v.metadata?.duration_seconds;
    return { output: v.output, exitCode: typeof code === 'number' ? code : undefined, wallSeconds: typeof secs === 'number' ? secs : undefined };
  } catch {
    return undefined;
  }
}

function toInt(s: string): number | undefined {
  const n = Number.parseInt(s, 10);
  return Number.isFinite(n) ? n : undefined;
}

function finite(n: number | undefined): number | undefined {
  return n !== undefined && Number.isFinite(n) ? n : undefined;
}
