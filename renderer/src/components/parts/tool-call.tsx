import { memo, useMemo } from 'react';
import type { ToolCallPart, ToolCallResponsePart } from '../../../../shared/record';
import { describeTool } from '../../lib/tools';
import { CodeBlock } from '../code-block';
import { DiffView } from '../diff-view';
import { ToolResult } from './tool-result';

/** A tool call: its name and what it was about, the arguments shown for their kind, and its result. */
export const ToolCall = memo(function ToolCall({ part, result }: { part: ToolCallPart; result?: ToolCallResponsePart }): React.JSX.Element {
  const info = useMemo(() => describeTool(part.name, part.arguments), [part.name, part.arguments]);
  const v = info.view;
  return (
    <div className={`tool-call ${result?.isError ? 'tool-call-failed' : ''}`} data-part="tool_call" data-tool={part.name}>
      <div className="tool-head">
        <span className="tool-name">{part.name}</span>
        {info.description ? <span className="tool-desc">{info.description}</span> : null}
        {info.summary && v.kind !== 'shell' && v.kind !== 'diff' ? (
          <span className="tool-summary" title={info.summary}>
            {info.summary}
          </span>
        ) : null}
        {result?.isError ? <span className="error-chip">failed</span> : null}
      </div>
      <div className="tool-body">
        {v.kind === 'shell' ? (
          <CodeBlock code={v.command} lang="bash" label={v.cwd ? `$ in ${v.cwd}` : undefined} className="code-shell" />
        ) : v.kind === 'diff' ? (
          v.files.map((f, i) => <DiffView key={i} file={f} />)
        ) : v.kind === 'code' ? (
          <CodeBlock code={v.code} lang={v.lang} label={v.path} />
        ) : v.kind === 'todos' ? (
          <div className="todos">
            {v.note ? <p className="todo-note">{v.note}</p> : null}
            <ul className="todo-list">
              {v.items.map((t, i) => (
                <li key={i} className={`todo todo-${t.status.replace(/[^a-z_-]/gi, '')}`}>
                  <span className="todo-box" aria-hidden="true">
                    {/complete|done/.test(t.status) ? '✓' : /progress|active/.test(t.status) ? '◐' : '○'}
                  </span>
                  <span>{t.text}</span>
                  {t.status ? <span className="sr-only"> ({t.status})</span> : null}
                </li>
              ))}
            </ul>
          </div>
        ) : v.kind === 'json' ? (
          <CodeBlock code={v.text} lang="json" />
        ) : (
          <CodeBlock code={v.text} />
        )}
        {result ? <ToolResult part={result} /> : null}
      </div>
    </div>
  );
});
