import type { ToolCallResponsePart } from '../../../../shared/record';
import { LongText } from './long-text';

/** A tool's result: text, errors marked, long output cut until asked. */
export function ToolResult({ part, standalone }: { part: ToolCallResponsePart; standalone?: boolean }): React.JSX.Element {
  const text = part.response;
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
        {standalone && part.id ? <span className="faint"> · {part.id}</span> : null}
      </div>
      {text.trim() ? <LongText text={text} maxLines={14} maxChars={2500} /> : <div className="faint tool-empty">(no output)</div>}
    </div>
  );
}
