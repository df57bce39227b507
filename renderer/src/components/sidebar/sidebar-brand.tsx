/** The sidebar's top row: the name, then the buttons that open Settings, Activity, the insights, and hide the sidebar. */
import type { RefObject } from 'react';
import type { Panels } from '../../lib/use-panels';
import { InsightButtons } from '../insights/insight-buttons';

interface SidebarBrandProps {
  readonly panels: Panels;
  /** Focus returns to the gear when Settings closes. */
  readonly gearRef: RefObject<HTMLButtonElement | null>;
  readonly onHideSidebar: () => void;
}

export function SidebarBrand({ panels, gearRef, onHideSidebar }: SidebarBrandProps): React.JSX.Element {
  return (
    <div className="brand">
      <span className="brand-mark" aria-hidden="true">
        ↺
      </span>
      <span className="brand-name">Déjà Vu</span>
      <button
        ref={gearRef}
        type="button"
        className="btn btn-quiet btn-icon gear"
        aria-label="Storage settings"
        aria-pressed={panels.settingsOpen}
        title="Storage settings: budget, eviction, ledger"
        onClick={panels.toggleSettings}
      >
        <span aria-hidden="true">⚙</span>
      </button>
      <button
        type="button"
        className="btn btn-quiet btn-icon"
        aria-label="Activity"
        aria-pressed={panels.activityOpen}
        title="Activity: usage and cost over time"
        onClick={panels.toggleActivity}
      >
        <span aria-hidden="true">▥</span>
      </button>
      <InsightButtons open={panels.insight} onToggle={panels.toggleInsight} />
      <button type="button" className="btn btn-quiet btn-icon" aria-label="Hide the sidebar" title="Hide the sidebar (Ctrl/Cmd+B)" onClick={onHideSidebar}>
        <span aria-hidden="true">⟨</span>
      </button>
    </div>
  );
}
