/** Find in this conversation: a phrase, how many times it occurs, and the current one of them. */
import { useEffect, useRef } from 'react';

interface FindBarProps {
  readonly text: string;
  readonly onText: (text: string) => void;
  /** Position of the current occurrence (0-based), or -1. */
  readonly current: number;
  readonly count: number;
  /** Not every message is loaded yet: the count may grow. */
  readonly counting: boolean;
  readonly onMove: (delta: 1 | -1) => void;
  readonly onClose: () => void;
  /** Changes when the bar is asked for (Ctrl/Cmd+F): focus and select. 0: opened by a search hit, left unfocused. */
  readonly focusNonce: number;
}

export function FindBar({ text, onText, current, count, counting, onMove, onClose, focusNonce }: FindBarProps): React.JSX.Element {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusNonce === 0) return;
    ref.current?.focus();
    ref.current?.select();
  }, [focusNonce]);
  const status = !text.trim() ? '' : counting && count === 0 ? 'Counting…' : count === 0 ? 'No matches' : `${current >= 0 ? current + 1 : '–'} of ${count}${counting ? '+' : ''}`;
  return (
    <div className="find-bar" role="search" aria-label="Find in this conversation">
      <input
        ref={ref}
        type="search"
        className="find-input"
        placeholder="Find in this conversation"
        aria-label="Find in this conversation"
        aria-keyshortcuts="Control+F Meta+F"
        value={text}
        onChange={(e) => onText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            onMove(e.key === 'ArrowUp' || (e.key === 'Enter' && e.shiftKey) ? -1 : 1);
          } else if (e.key === 'Escape') {
            e.preventDefault();
            onClose();
          }
        }}
      />
      <span className="find-count" role="status" aria-live="polite">
        {status}
      </span>
      <button type="button" className="btn btn-quiet btn-icon" aria-label="Previous match" title="Previous match (Shift+Enter, ↑)" disabled={!count} onClick={() => onMove(-1)}>
        <span aria-hidden="true">↑</span>
      </button>
      <button type="button" className="btn btn-quiet btn-icon" aria-label="Next match" title="Next match (Enter, ↓)" disabled={!count} onClick={() => onMove(1)}>
        <span aria-hidden="true">↓</span>
      </button>
      <button type="button" className="btn btn-quiet btn-icon" aria-label="Close find" title="Close (Esc)" onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
