/** One message of a thread: who said it and when, then its parts, each by its own component. */
import { memo, useContext, useEffect, useState } from 'react';
import type { Message, Part, ToolCallResponsePart } from '../../../../shared/record';
import { time, usageParts } from '../../lib/format';
import { BlobPart } from '../parts/blob-part';
import { GenericPart } from '../parts/generic-part';
import { ReasoningPart } from '../parts/reasoning-part';
import { TextPart } from '../parts/text-part';
import { ToolCall } from '../parts/tool-call';
import { ToolResult } from '../parts/tool-result';
import { RowContext, useReveal } from '../find/reveal';
import { CopyButton } from '../copy-button';
import { hiddenEntirely, ViewContext, visibleParts } from './view-options';

export interface MessageRowProps {
  readonly message: Message;
  readonly index: number;
  readonly agentName: string;
  /** Same speaker as the message shown just above: the header is folded. */
  readonly continuation: boolean;
  /** Tool results by call id, to show each beside its call. */
  readonly results: ReadonlyMap<string, ToolCallResponsePart>;
  /** Ids of calls shown in this thread: their results are not repeated on their own. */
  readonly calls: ReadonlyMap<string, number>;
  readonly highlighted: boolean;
}

function roleLabel(m: Message, agentName: string): string {
  switch (m.role) {
    case 'user':
      return 'You';
    case 'assistant':
      return agentName;
    case 'tool':
      return 'Tool';
    case 'system':
      return 'System';
  }
}

function kindLabel(kind: string | undefined): string | undefined {
  if (!kind) return undefined;
  return kind.replace(/^attachment:/, '').replace(/[_-]+/g, ' ');
}

function preview(parts: readonly Part[]): string {
  for (const p of parts) {
    const t = p.type === 'text' || p.type === 'generic' || p.type === 'reasoning' ? p.content : p.type === 'tool_call_response' ? p.response : p.type === 'tool_call' ? p.name : '';
    const line = t.replace(/\s+/g, ' ').trim();
    if (line) return line.length > 180 ? `${line.slice(0, 180)}…` : line;
  }
  return '';
}

export const MessageRow = memo(function MessageRow(props: MessageRowProps): React.JSX.Element {
  return (
    <RowContext.Provider value={props.index}>
      <MessageView {...props} />
    </RowContext.Provider>
  );
});

function MessageView({ message: m, index, agentName, continuation, results, calls, highlighted }: MessageRowProps): React.JSX.Element {
  const [open, setOpen] = useState(false);
  // Injected context holding what is being found opens, so the occurrence can be shown.
  const reveal = useReveal(m.role === 'system' ? m.parts.map((p) => (p.type === 'text' || p.type === 'generic' ? p.content : '')).join('\n') : '');
  useEffect(() => {
    if (reveal) setOpen(true);
  }, [reveal]);
  const kind = kindLabel(m.kind);
  const cls = `msg msg-${m.role} ${continuation ? 'msg-cont' : ''} ${highlighted ? 'msg-highlight' : ''} ${m.supersededAt ? 'msg-superseded' : ''}`;
  const earlier = m.supersededAt ? <EarlierRevision at={m.supersededAt} /> : null;

  if (m.role === 'system' && !open) {
    return (
      <div className={`${cls} msg-collapsed`} data-message-index={index} data-role={m.role}>
        <button type="button" className="injected" aria-expanded={false} onClick={() => setOpen(true)}>
          <span className="injected-chevron" aria-hidden="true">
            ▸
          </span>
          <span className="injected-label">Injected context</span>
          {kind ? <span className="injected-kind">{kind}</span> : null}
          <span className="injected-preview">{preview(m.parts)}</span>
        </button>
        {earlier}
      </div>
    );
  }

  const usage = usageParts(m.usage);
  const view = useContext(ViewContext);
  const shown = visibleParts(m.parts, view);
  // Nothing left to show once tools or thinking are hidden: the row takes no room.
  if (hiddenEntirely(m, view)) return <div className="msg-hidden" data-message-index={index} data-role={m.role} />;
  return (
    <article className={cls} data-message-index={index} data-role={m.role} aria-label={`${roleLabel(m, agentName)} message ${index + 1}`}>
      {m.role === 'system' ? (
        <button type="button" className="injected injected-open" aria-expanded={true} onClick={() => setOpen(false)}>
          <span className="injected-chevron" aria-hidden="true">
            ▾
          </span>
          <span className="injected-label">Injected context</span>
          {kind ? <span className="injected-kind">{kind}</span> : null}
        </button>
      ) : !continuation ? (
        <header className="msg-head">
          <span className={`role role-${m.role}`}>{roleLabel(m, agentName)}</span>
          {kind && m.role !== 'assistant' ? <span className="msg-kind">{kind}</span> : null}
          {earlier}
          <time className="msg-time" dateTime={m.timestamp} title={m.timestamp}>
            {time(m.timestamp)}
          </time>
          {m.role === 'user' || m.role === 'assistant' ? <CopyButton text={() => messageText(m)} label="Copy message" className="msg-copy" /> : null}
        </header>
      ) : null}
      {earlier && (continuation || m.role === 'system') ? <div className="msg-head">{earlier}</div> : null}
      <div className="msg-body">
        {shown.map((p, i) => (
          <PartView key={i} part={p} results={results} calls={calls} />
        ))}
      </div>
      {m.role === 'assistant' && usage.length ? (
        <footer className="msg-foot">
          {m.model ? <span className="msg-model">{m.model}</span> : null}
          {usage.length ? <span className="msg-usage">{usage.join(' · ')}</span> : null}
        </footer>
      ) : null}
    </article>
  );
}

/** What a message said, as text: its text parts, as written. */
function messageText(m: Message): string {
  return m.parts
    .map((p) => (p.type === 'text' ? p.content.trim() : ''))
    .filter(Boolean)
    .join('\n\n');
}

/** A message the agent's file no longer holds as it was: kept, and said to be an earlier revision. */
function EarlierRevision({ at }: { at: string }): React.JSX.Element {
  return (
    <span className="msg-earlier" title={`The agent's file no longer holds this message as it was (noticed ${new Date(at).toLocaleString()}). Déjà Vu kept it.`}>
      earlier revision
    </span>
  );
}

function PartView({ part, results, calls }: { part: Part; results: ReadonlyMap<string, ToolCallResponsePart>; calls: ReadonlyMap<string, number> }): React.JSX.Element | null {
  switch (part.type) {
    case 'text':
      return part.content.trim() ? <TextPart part={part} /> : null;
    case 'reasoning':
      return <ReasoningPart part={part} />;
    case 'tool_call':
      return <ToolCall part={part} result={results.get(part.id)} />;
    case 'tool_call_response':
      return calls.has(part.id) ? null : <ToolResult part={part} standalone />;
    case 'blob':
      return <BlobPart part={part} />;
    case 'generic':
      return <GenericPart part={part} />;
  }
}
