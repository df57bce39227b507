/**
 * The conversation's facts: what, where, when, which models, how many tokens; its parent and
 * subagents; resume, pin and export; what retention dropped from it.
 */
import { type ReactNode, useState } from 'react';
import type { ConversationView } from '../../../../shared/contract';
import { agentLabel, compact, dateTime, duration, num, usageParts } from '../../lib/format';
import { exportConversation } from '../../lib/export';
import { useChannel } from '../../lib/queries';
import { LiveDot } from '../markers';
import { PinButton } from './pin-button';
import { RetentionBanner } from './retention-banner';
import { SubagentList } from './subagent-list';
import { displayTitle } from '../../../../shared/title';

export function ThreadHeader({ view, onOpen, toggles, folded }: { view: ConversationView; onOpen: (id: string) => void; toggles?: ReactNode; folded?: boolean }): React.JSX.Element {
  const s = view.summary;
  const status = useChannel('dejavu:status', {});
  const parent = useChannel('dejavu:conversation', { id: s.parentId ?? '' }, { enabled: Boolean(s.parentId) });
  const [exporting, setExporting] = useState<string | undefined>();
  const [copied, setCopied] = useState(false);
  const usage = usageParts(s.usage);
  const totalTokens = (s.usage?.inputTokens ?? 0) + (s.usage?.outputTokens ?? 0) + (s.usage?.cacheReadTokens ?? 0) + (s.usage?.cacheWriteTokens ?? 0);

  const doExport = async (format: 'md' | 'json') => {
    setExporting(undefined);
    try {
      const where = await exportConversation(s.id, format, status.data);
      setExporting(where ? `Saved ${where}` : undefined);
    } catch (err) {
      setExporting(`Export failed: ${(err as Error).message}`);
    }
  };
  const copy = async () => {
    if (!view.resume) return;
    try {
      await navigator.clipboard.writeText(view.resume.cwd ? `cd ${shellQuote(view.resume.cwd)} && ${view.resume.command}` : view.resume.command);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  };

  return (
    <header className={`thread-header ${folded ? 'is-compact' : ''}`} data-conversation-id={s.id}>
      <div className="thread-title-row">
        <h1 className="thread-title" title={s.title}>
          {displayTitle(s)}
        </h1>
        {s.live ? <LiveDot withLabel /> : null}
        {toggles}
        <div className="thread-actions" role="toolbar" aria-label="Conversation actions">
          <PinButton id={s.id} pinned={s.pinned === true} />
          <button type="button" className="btn" onClick={() => void doExport('md')} title={status.data?.capabilities.saveDialog ? 'Export as Markdown (Ctrl+Shift+E)' : 'Export as Markdown'}>
            Export
          </button>
          <button type="button" className="btn" onClick={() => void doExport('json')} aria-label="Export JSON" title="Export as JSON">
            JSON
          </button>
        </div>
      </div>
      {s.parentId ? (
        <div className="thread-parent">
          <span aria-hidden="true">↰ </span>Subagent of{' '}
          <button type="button" className="link-button" onClick={() => onOpen(s.parentId!)} data-parent-id={s.parentId}>
            {parent.data ? displayTitle(parent.data.summary) : 'its parent conversation'}
          </button>
        </div>
      ) : null}
      <SubagentList items={view.children} onOpen={onOpen} />
      <dl className="facts">
        <div className="fact">
          <dt>Agent</dt>
          <dd>
            <span className={`agent-badge agent-${s.agent}`}>{agentLabel(s.agent)}</span>
            {s.agentVersion ? <span className="faint"> {s.agentVersion}</span> : null}
          </dd>
        </div>
        <div className="fact">
          <dt>Workspace</dt>
          <dd>
            {s.workspace}
            {s.instance !== 'host' ? <span className="faint"> · {s.instance}</span> : null}
          </dd>
        </div>
        {s.gitBranch ? (
          <div className="fact">
            <dt>Branch</dt>
            <dd className="mono">{s.gitBranch}</dd>
          </div>
        ) : null}
        <div className="fact">
          <dt>When</dt>
          <dd>
            {dateTime(s.startedAt)}
            {duration(s.startedAt, s.endedAt) ? <span className="faint"> · {duration(s.startedAt, s.endedAt)}</span> : null}
          </dd>
        </div>
        <div className="fact">
          <dt>Messages</dt>
          <dd>
            {num(s.messageCount)}
            <span className="faint"> · {num(s.promptCount)} prompts</span>
          </dd>
        </div>
        {s.models.length ? (
          <div className="fact">
            <dt>Model{s.models.length > 1 ? 's' : ''}</dt>
            <dd className="mono">{s.models.join(', ')}</dd>
          </div>
        ) : null}
        {usage.length ? (
          <div className="fact">
            <dt>Tokens</dt>
            <dd title={usage.join(' · ')}>
              {compact(totalTokens)} <span className="faint">({usage.join(' · ')})</span>
            </dd>
          </div>
        ) : null}
      </dl>
      {s.cwd ? (
        <div className="thread-cwd mono" title="Working directory">
          {s.cwd}
        </div>
      ) : null}
      {view.resume ? (
        <div className="resume">
          <span className="resume-label">Resume</span>
          <code className="resume-cmd">{view.resume.command}</code>
          <button type="button" className="btn btn-small" onClick={() => void copy()} aria-label="Copy resume command">
            {copied ? 'Copied' : 'Copy'}
          </button>
        </div>
      ) : null}
      <RetentionBanner summary={s} />
      {view.rewrites.length ? <RewriteBanner rewrites={view.rewrites} /> : null}
      {s.sourceDeleted ? (
        <div className="banner banner-deleted" role="note">
          <span aria-hidden="true">⌫ </span>
          <strong>Source deleted.</strong> The agent’s own file is gone; this archived copy is all that is left.
        </div>
      ) : null}
      {view.warnings.length ? (
        <details className="banner banner-warn">
          <summary>
            {view.warnings.length} line{view.warnings.length === 1 ? '' : 's'} of the source could not be read
          </summary>
          <ul>
            {view.warnings.slice(0, 50).map((w, i) => (
              <li key={i}>
                {w.line !== undefined ? <span className="mono">line {w.line}: </span> : null}
                {w.message}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {exporting ? (
        <div className="export-note" role="status">
          {exporting}
        </div>
      ) : null}
    </header>
  );
}

function shellQuote(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The agent truncated, rewound or rewrote its file: say when, and that nothing was lost. */
function RewriteBanner({ rewrites }: { rewrites: ConversationView['rewrites'] }): React.JSX.Element {
  const kept = rewrites.reduce((n, r) => n + r.kept, 0);
  const last = rewrites[rewrites.length - 1];
  return (
    <div className="banner banner-rewrite" role="note" data-testid="rewrite-banner">
      <span aria-hidden="true">⟲ </span>
      <strong>
        The agent {last.how === 'shrank' ? 'cut' : 'rewrote'} its file{rewrites.length > 1 ? ` ${rewrites.length} times` : ''}
      </strong>{' '}
      (last noticed {new Date(last.at).toLocaleString()}). {kept} message{kept === 1 ? '' : 's'} it no longer holds {kept === 1 ? 'is' : 'are'} kept here,
      marked “earlier revision”.
    </div>
  );
}
