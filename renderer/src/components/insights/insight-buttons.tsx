/** The sidebar's Plans and Timeline buttons: which of the two views (if any) fills the main pane. */
export type Insight = 'plans' | 'timeline';

const BUTTONS: readonly { readonly id: Insight; readonly label: string; readonly title: string; readonly glyph: string }[] = [
  { id: 'plans', label: 'Plans', title: 'Plans: every plan your agents made or followed', glyph: '☰' },
  { id: 'timeline', label: 'Timeline', title: 'Timeline: what happened in a repository, across every agent', glyph: '⇶' },
];

export function InsightButtons({ open, onToggle }: { open?: Insight; onToggle: (view: Insight) => void }): React.JSX.Element {
  return (
    <>
      {BUTTONS.map((b) => (
        <button key={b.id} type="button" className="btn btn-quiet btn-icon" aria-label={b.label} aria-pressed={open === b.id} title={b.title} onClick={() => onToggle(b.id)}>
          <span aria-hidden="true">{b.glyph}</span>
        </button>
      ))}
    </>
  );
}
