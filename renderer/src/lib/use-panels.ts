/**
 * Which view covers the conversation pane: Settings, Activity, an insight (Plans, Timeline) or
 * one file's history. At most one of Settings, Activity and the insights is open; opening a
 * conversation closes them all.
 */
import { useCallback, useState } from 'react';
import type { Insight } from '../components/insights/insight-buttons';

export interface Panels {
  readonly settingsOpen: boolean;
  readonly activityOpen: boolean;
  readonly insight: Insight | undefined;
  /** The per-file view open over the thread it was opened from (closing it returns there). */
  readonly filePath: string | undefined;
  readonly setSettingsOpen: (open: boolean) => void;
  readonly setActivityOpen: (open: boolean) => void;
  readonly setInsight: (insight: Insight | undefined) => void;
  readonly setFilePath: (path: string | undefined) => void;
  readonly toggleSettings: () => void;
  readonly toggleActivity: () => void;
  readonly toggleInsight: (insight: Insight) => void;
  /** Opens a conversation (at a message) in place of any panel. */
  readonly open: (id: string, message?: number, terms?: readonly string[]) => void;
}

export function usePanels(go: (id: string, message?: number, terms?: readonly string[]) => void): Panels {
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [activityOpen, setActivityOpen] = useState(false);
  const [insight, setInsight] = useState<Insight | undefined>();
  const [filePath, setFilePath] = useState<string | undefined>();
  const open = useCallback(
    (id: string, message?: number, terms?: readonly string[]) => {
      setSettingsOpen(false);
      setActivityOpen(false);
      setInsight(undefined);
      setFilePath(undefined);
      go(id, message, terms);
    },
    [go],
  );
  const toggleSettings = useCallback(() => {
    setActivityOpen(false);
    setInsight(undefined);
    setSettingsOpen((o) => !o);
  }, []);
  const toggleActivity = useCallback(() => {
    setSettingsOpen(false);
    setInsight(undefined);
    setActivityOpen((o) => !o);
  }, []);
  const toggleInsight = useCallback((v: Insight) => {
    setSettingsOpen(false);
    setActivityOpen(false);
    setInsight((o) => (o === v ? undefined : v));
  }, []);
  return { settingsOpen, activityOpen, insight, filePath, setSettingsOpen, setActivityOpen, setInsight, setFilePath, toggleSettings, toggleActivity, toggleInsight, open };
}
