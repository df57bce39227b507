/**
 * The conversation's header: its title, pin and export; what it came from and what is linked under it; its facts
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
import { RELATION_OF } from '../../../../shared/parent-link';
import type { ConversationRelation } from '../../../../shared/record';

/** The parent's name while it loads, or when it is not in the archive. */
const PARENT_UNNAMED: Record<ConversationRelation, string> = { subagent: 'its parent conversation', fork: 'an earlier conversation', continuation: 'an earlier conversation' };

export function ThreadHeader({ view, onOpen, toggles, folded }: { view: ConversationView; onOpen: (id: string) => void; toggles?: ReactNode; folded?: boolean }): React.JSX.Element {
  const s = view.summary;
  const status = useChannel('dejavu:status', {});
  const link = view.parent;
  const parent = useChannel('dejavu:conversation', { id: link?.id ?? '' }, { enabled: Boolean(link) });
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
      {link ? (
        <div className="thread-parent" data-relation={link.relation}>
          <span aria-hidden="true">↰ </span>
          {RELATION_OF[link.relation]}{' '}
          <button type="button" className="link-button" onClick={() => onOpen(link.id)} data-parent-id={link.id}>
            {parent.data ? displayTitle(parent.data.summary) : PARENT_UNNAMED[link.relation]}
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
