/**
 * The sidebar's width and whether it is shown: dragged (or arrow keys on the splitter), folded
 * away and back (the button or Ctrl/Cmd+B), remembered across sessions.
 */
import { type KeyboardEvent, type PointerEvent, useCallback, useState } from 'react';

const KEY = 'dejavu.sidebar';
const MIN = 200;
const MAX = 600;
const DEFAULT = 320;

interface Layout {
  readonly width: number;
  readonly collapsed: boolean;
}

function load(): Layout {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Layout>;
    return { width: clamp(typeof v.width === 'number' ? v.width : DEFAULT), collapsed: v.collapsed === true };
  } catch {
    return { width: DEFAULT, collapsed: false };
  }
}

const clamp = (w: number) => Math.round(Math.min(MAX, Math.max(MIN, w)));

export function useSidebarLayout() {
  const [layout, setLayout] = useState(load);
  const update = useCallback((patch: Partial<Layout>) => {
    setLayout((cur) => {
      const next = { ...cur, ...patch, width: clamp(patch.width ?? cur.width) };
      try {
        localStorage.setItem(KEY, JSON.stringify(next));
      } catch {
        // Storage may be off: the layout then lasts this session.
      }
      return next;
    });
  }, []);
  return { ...layout, setWidth: (width: number) => update({ width }), toggle: () => update({ collapsed: !layout.collapsed }) };
}

export function Splitter({ width, onWidth }: { width: number; onWidth: (w: number) => void }): React.JSX.Element {
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    const startX = e.clientX;
    const start = width;
    const el = e.currentTarget;
    el.setPointerCapture(e.pointerId);
    const move = (ev: globalThis.PointerEvent) => onWidth(start + ev.clientX - startX);
    const up = () => {
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
    };
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      onWidth(width + (e.key === 'ArrowRight' ? 24 : -24));
    }
  };
  return (
    <div
      className="splitter"
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize the sidebar"
      aria-valuemin={MIN}
      aria-valuemax={MAX}
      aria-valuenow={width}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    />
  );
}
