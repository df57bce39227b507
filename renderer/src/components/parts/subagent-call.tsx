import { createContext, useContext, useEffect, useState } from 'react';
import type { ToolCallPart, ToolCallResponsePart } from '../../../../shared/record';
import type { SubagentBrief } from '../../../../shared/tool-args';
import { parseToolOutput } from '../../../../shared/tool-output';
import { displayTitle } from '../../../../shared/title';
import type { ArchivedSummary } from '../../../../shared/views';
import { useReveal } from '../find/reveal';
import { Markdown } from '../markdown';

/** The subagent conversations of the open thread by the call that started them, and how to open one. */
export interface Subagents {
  readonly byCall: ReadonlyMap<string, ArchivedSummary>;
  readonly open: (id: string) => void;
}
export const SubagentContext = createContext<Subagents>({ byCall: new Map(), open: () => undefined });

/**
 * A call that started a subagent: its brief and its report are prose, shown as Markdown, with a
 * link to the subagent's own conversation. One line until opened, like every tool call.
 */
export function SubagentCall({ part, result, brief }: { part: ToolCallPart; result?: ToolCallResponsePart; brief: SubagentBrief }): React.JSX.Element {
  const { byCall, open: openConversation } = useContext(SubagentContext);
  const child = byCall.get(part.id);
  const [open, setOpen] = useState(false);
  const reveal = useReveal(`${part.name} ${part.arguments}\n${result?.response ?? ''}`);
  useEffect(() => {
    if (reveal) setOpen(true);
  }, [reveal]);
  const report = result ? parseToolOutput(result.response).output : undefined;
  return (
    <div className={`tool-call tool-subagent ${result?.isError ? 'tool-call-failed' : ''} ${open ? 'is-open' : ''}`} data-part="tool_call" data-tool={part.name}>
      <div className="tool-head-row">
        <button type="button" className="tool-head" aria-expanded={open} onClick={() => setOpen(!open)}>
          <span className="tool-chevron" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          <span className="tool-name">{part.name}</span>
          {brief.kind ? <span className="chip">{brief.kind}</span> : null}
          <span className="tool-desc">{brief.description ?? brief.prompt.split('\n')[0]}</span>
          {result?.isError ? <span className="chip chip-fail">failed</span> : null}
        </button>
        {child ? (
          <button type="button" className="link-button subagent-open" onClick={() => openConversation(child.id)} data-subagent-id={child.id} title={displayTitle(child)}>
            Open subagent ({child.messageCount} msgs) →
          </button>
        ) : null}
      </div>
      {open ? (
        <div className="tool-body subagent-body">
          <div className="tool-result-label">Brief</div>
          <div className="subagent-prose">
            <Markdown text={brief.prompt} />
          </div>
          {report !== undefined ? (
            <>
              <div className="tool-result-label">{result?.isError ? 'Error' : 'Report'}</div>
              <div className="subagent-prose">{report.trim() ? <Markdown text={report} /> : <span className="faint">(no output)</span>}</div>
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
