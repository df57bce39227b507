/**
 * The conversation's header: its title, pin and export; its parent and subagents; its facts
 * (what, where, when, which models, how many tokens); resume; what retention dropped from it.
 */
import { type ReactNode, useState } from 'react';
import type { ConversationView } from '../../../../shared/contract';
import { exportConversation } from '../../lib/export';
import { useChannel } from '../../lib/queries';
import { LiveDot } from '../markers';
import { PinButton } from './pin-button';
import { ResumeCommand } from './resume-command';
import { RetentionBanner } from './retention-banner';
import { SourceBanners } from './source-banners';
import { SubagentList } from './subagent-list';
import { ThreadFacts } from './thread-facts';
import { displayTitle } from '../../../../shared/title';

export function ThreadHeader({ view, onOpen, toggles, folded }: { view: ConversationView; onOpen: (id: string) => void; toggles?: ReactNode; folded?: boolean }): React.JSX.Element {
  const s = view.summary;
  const status = useChannel('dejavu:status', {});
  const parent = useChannel('dejavu:conversation', { id: s.parentId ?? '' }, { enabled: Boolean(s.parentId) });
  const [exporting, setExporting] = useState<string | undefined>();
  const doExport = async (format: 'md' | 'json') => {
    setExporting(undefined);
    try {
      const where = await exportConversation(s.id, format, status.data);
      setExporting(where ? `Saved ${where}` : undefined);
    } catch (err) {
      setExporting(`Export failed: ${(err as Error).message}`);
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
      <ThreadFacts summary={s} />
      {s.cwd ? (
        <div className="thread-cwd mono" title="Working directory">
          {s.cwd}
        </div>
      ) : null}
      {view.resume ? <ResumeCommand resume={view.resume} /> : null}
      <RetentionBanner summary={s} />
      <SourceBanners view={view} />
      {exporting ? (
        <div className="export-note" role="status">
          {exporting}
        </div>
      ) : null}
    </header>
  );
}
