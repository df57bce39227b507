/**
 * The window's right side: the panel that is open (Settings, Activity, Plans, Timeline, a file's
 * history), else the open conversation, else the first-run or welcome page.
 */
import { lazy, Suspense } from 'react';
import type { AgentId } from '../../../shared/agents';
import type { AppStatus } from '../../../shared/contract';
import type { JumpTarget } from '../lib/route';
import type { Panels } from '../lib/use-panels';
import { FirstRun } from './first-run';
import { SettingsView } from './settings/settings-view';
import { ErrorState, LoadingState } from './states';
import { Thread } from './thread/thread';
import { Welcome } from './welcome';

// The chart library loads only when Activity is first opened: the rest of the app starts without it.
const ActivityView = lazy(() => import('./activity/activity-view').then((m) => ({ default: m.ActivityView })));
const PlansView = lazy(() => import('./insights/plans-view').then((m) => ({ default: m.PlansView })));
const FileHistoryView = lazy(() => import('./files/file-history-view').then((m) => ({ default: m.FileHistoryView })));
const TimelineView = lazy(() => import('./insights/timeline-view').then((m) => ({ default: m.TimelineView })));

interface MainPaneProps {
  readonly status: { readonly data?: AppStatus; readonly error: Error | null };
  readonly panels: Panels;
  readonly agent: AgentId | undefined;
  /** The open conversation, and where in it to go. */
  readonly id: string | undefined;
  readonly jump: JumpTarget | undefined;
  readonly findRequest: number;
  readonly closeSettings: () => void;
}

export function MainPane({ status, panels, agent, id, jump, findRequest, closeSettings }: MainPaneProps): React.JSX.Element {
  const { open } = panels;
  if (status.error) {
    return (
      <ErrorState title="Déjà Vu cannot reach its archive" error={status.error}>
        <p>Check that the app (or `dejavu serve`) is still running, then reload.</p>
      </ErrorState>
    );
  }
  if (panels.settingsOpen) return <SettingsView onClose={closeSettings} onOpen={(c) => open(c)} />;
  if (panels.activityOpen) {
    return (
      <Suspense fallback={<LoadingState label="Opening Activity…" />}>
        <ActivityView agent={agent} onClose={() => panels.setActivityOpen(false)} onOpen={(c) => open(c)} />
      </Suspense>
    );
  }
  if (panels.insight) {
    return (
      <Suspense fallback={<LoadingState label="Opening…" />}>
        {panels.insight === 'plans' ? (
          <PlansView onClose={() => panels.setInsight(undefined)} onOpen={open} />
        ) : (
          <TimelineView agent={agent} onClose={() => panels.setInsight(undefined)} onOpen={(c) => open(c)} />
        )}
      </Suspense>
    );
  }
  if (panels.filePath) {
    return (
      <Suspense fallback={<LoadingState label="Opening…" />}>
        <FileHistoryView path={panels.filePath} onClose={() => panels.setFilePath(undefined)} onOpen={open} />
      </Suspense>
    );
  }
  if (id) return <Thread key={id} id={id} jump={jump} onOpen={(c) => open(c)} onOpenFile={panels.setFilePath} findRequest={findRequest} />;
  if (!status.data) return <LoadingState label="Opening the archive…" />;
  if (status.data.stats.conversations === 0) return <FirstRun status={status.data} />;
  return <Welcome status={status.data} onOpen={(c) => open(c)} />;
}
