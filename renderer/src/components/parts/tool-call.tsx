import { memo, useEffect, useMemo, useState } from 'react';
import type { ToolCallPart, ToolCallResponsePart } from '../../../../shared/record';
import { parseToolOutput, type ToolOutput } from '../../../../shared/tool-output';
import { describeTool, type ToolDescription, type ToolView } from '../../../../shared/describe-tool';
import { CodeBlock } from '../code-block';
import { DiffView } from '../diff-view';
import { FileHistoryLinks } from '../files/file-links';
import { useReveal } from '../find/reveal';
import { SubagentCall } from './subagent-call';
import { ToolResult } from './tool-result';

/**
 * A tool call, compact until opened: one line with the tool, what it was about (command, path)
 * and how it ended (exit code); opened, its arguments shown for their kind and its result. It
 * opens by itself when it holds what is being found.
 */
export const ToolCall = memo(function ToolCall({ part, result }: { part: ToolCallPart; result?: ToolCallResponsePart }): React.JSX.Element {
  const info = useMemo(() => describeTool(part.name, part.arguments), [part.name, part.arguments]);
  return info.view.kind === 'subagent' ? <SubagentCall part={part} result={result} brief={info.view.brief} /> : <PlainToolCall part={part} result={result} info={info} />;
});

function PlainToolCall({ part, result, info }: { part: ToolCallPart; result?: ToolCallResponsePart; info: ToolDescription }): React.JSX.Element {
  const output = useMemo(() => (result ? parseToolOutput(result.response) : undefined), [result]);
  const [open, setOpen] = useState(false);
  const reveal = useReveal(`${part.name} ${part.arguments}\n${result?.response ?? ''}`);
  useEffect(() => {
    if (reveal) setOpen(true);
  }, [reveal]);
  const failed = result?.isError || (output?.exitCode !== undefined && output.exitCode !== 0);
  return (
    <div className={`tool-call ${failed ? 'tool-call-failed' : ''} ${open ? 'is-open' : ''}`} data-part="tool_call" data-tool={part.name}>
      <button type="button" className="tool-head" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span className="tool-chevron" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
        <span className="tool-name">{part.name}</span>
        {info.summary ? (
          <span className="tool-summary" title={info.summary}>
            {info.summary}
          </span>
        ) : null}
        {info.description ? <span className="tool-desc">{info.description}</span> : null}
        <span className="tool-chips">
          <DiffCount view={info.view} />
          <OutcomeChip result={result} output={output} />
        </span>
      </button>
      {open ? (
        <div className="tool-body">
          <FileHistoryLinks paths={pathsOf(info)} />
          <ToolArguments view={info.view} />
          {result && output ? <ToolResult part={result} output={output} /> : null}
        </div>
      ) : null}
    </div>
  );
}

/** How a call ended: its exit code, still running, failed, or nothing to say. */
function OutcomeChip({ result, output }: { result?: ToolCallResponsePart; output?: ToolOutput }): React.JSX.Element | null {
  if (!result || !output) return null;
  const secs = output.wallSeconds !== undefined && output.wallSeconds >= 1 ? ` · ${output.wallSeconds.toFixed(output.wallSeconds < 10 ? 1 : 0)} s` : '';
  if (output.exitCode !== undefined) {
    const ok = output.exitCode === 0 && !result.isError;
    return (
      <span className={`chip ${ok ? 'chip-ok' : 'chip-fail'}`} title={`Exit code ${output.exitCode}${secs}`}>
        exit {output.exitCode}
        {secs}
      </span>
    );
  }
  if (output.running) return <span className="chip">running{secs}</span>;
  if (result.isError) return <span className="chip chip-fail">failed</span>;
  return null;
}

function DiffCount({ view }: { view: ToolView }): React.JSX.Element | null {
  if (view.kind !== 'diff') return null;
  let add = 0;
  let del = 0;
  for (const f of view.files) {
    for (const l of f.lines) {
      if (l.kind === 'add') add++;
      else if (l.kind === 'del') del++;
    }
  }
  return (
    <span className="chip chip-diff" title={`${add} line${add === 1 ? '' : 's'} added, ${del} removed`}>
      <span className="diff-add-count">+{add}</span> <span className="diff-del-count">−{del}</span>
    </span>
  );
}

/** The files a call changed (an edit's, a write's, a patch's), as its arguments name them. */
function pathsOf(info: ToolDescription): string[] {
  return [...new Set(info.paths.filter((t) => t.action !== 'read' && t.action !== 'other').map((t) => t.path))];
}

function ToolArguments({ view: v }: { view: ToolView }): React.JSX.Element {
  switch (v.kind) {
    case 'shell':
      return <CodeBlock code={v.command} lang="bash" label={v.cwd ? `$ in ${v.cwd}` : undefined} className="code-shell" />;
    case 'diff':
      return (
        <>
          {v.files.map((f, i) => (
            <DiffView key={i} file={f} />
          ))}
        </>
      );
    case 'subagent':
      // Shown by SubagentCall; here only so every kind has a view.
      return <CodeBlock code={v.brief.prompt} />;
    case 'todos':
      return (
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
      );
    case 'json':
      return <CodeBlock code={v.text} lang="json" />;
    case 'raw':
      return <CodeBlock code={v.text} />;
  }
}
