import { useMemo } from 'react';
import type { ToolCallResponsePart } from '../../../../shared/record';
import { parseToolOutput, type ToolOutput } from '../../../../shared/tool-output';
import { LongText } from './long-text';

/** A tool's result: its output without the agent's wrapper lines, errors marked, long output cut until asked. */
export function ToolResult({ part, standalone, output }: { part: ToolCallResponsePart; standalone?: boolean; output?: ToolOutput }): React.JSX.Element {
  const parsed = useMemo(() => output ?? parseToolOutput(part.response), [output, part.response]);
  const text = parsed.output;
  return (
    <div className={`tool-result ${part.isError ? 'tool-result-error' : ''} ${standalone ? 'tool-result-standalone' : ''}`} data-part="tool_call_response">
      <div className="tool-result-label">
        {part.isError ? (
          <span className="error-label">
            <span aria-hidden="true">⚠ </span>Error
          </span>
        ) : (
          'Result'
        )}
        {standalone && parsed.exitCode !== undefined ? <span className="faint"> · exit {parsed.exitCode}</span> : null}
        {standalone && part.id ? <span className="faint"> · {part.id}</span> : null}
      </div>
      {text.trim() ? <LongText text={text} maxLines={14} maxChars={2500} /> : <div className="faint tool-empty">(no output)</div>}
    </div>
  );
}
