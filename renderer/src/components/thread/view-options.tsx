/**
 * How much of a thread to show: tool calls and thinking can be hidden ("prompts and answers
 * only"). Remembered across conversations and sessions.
 */
import { createContext, useCallback, useState } from 'react';
import type { Message, Part } from '../../../../shared/record';

export interface ViewOptions {
  readonly hideTools: boolean;
  readonly hideThinking: boolean;
}

const KEY = 'dejavu.thread-view';
const DEFAULTS: ViewOptions = { hideTools: false, hideThinking: false };

/** The parts of a message these options show; empty text and thinking (redacted) never show. */
export function visibleParts(parts: readonly Part[], o: ViewOptions): readonly Part[] {
  return parts.filter((p) => {
    if (p.type === 'tool_call' || p.type === 'tool_call_response') return !o.hideTools;
    if (p.type === 'reasoning') return !o.hideThinking && p.content.trim() !== '';
    if (p.type === 'text') return p.content.trim() !== '';
    return true;
  });
}

/** A message with nothing left to show (injected context always keeps its one line). */
export function hiddenEntirely(m: Message, o: ViewOptions): boolean {
  return m.role !== 'system' && m.parts.length > 0 && visibleParts(m.parts, o).length === 0;
}

export const ViewContext = createContext<ViewOptions>(DEFAULTS);

function load(): ViewOptions {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<ViewOptions>;
    return { hideTools: v.hideTools === true, hideThinking: v.hideThinking === true };
  } catch {
    return DEFAULTS;
  }
}

export function useViewOptions(): [ViewOptions, (patch: Partial<ViewOptions>) => void] {
  const [options, setOptions] = useState(load);
  const update = useCallback((patch: Partial<ViewOptions>) => {
    setOptions((cur) => {
      const next = { ...cur, ...patch };
      try {
        localStorage.setItem(KEY, JSON.stringify(next));
      } catch {
        // Storage may be off (private windows): the choice then lasts this session.
      }
      return next;
    });
  }, []);
  return [options, update];
}

interface ViewTogglesProps {
  readonly options: ViewOptions;
  readonly onChange: (patch: Partial<ViewOptions>) => void;
  readonly outlineOpen: boolean;
  readonly onOutline: () => void;
}

export function ViewToggles({ options, onChange, outlineOpen, onOutline }: ViewTogglesProps): React.JSX.Element {
  return (
    <div className="view-toggles" role="group" aria-label="Show in this thread">
      <button type="button" className="btn btn-quiet btn-small" aria-pressed={outlineOpen} onClick={onOutline} title="Your prompts in this conversation (Alt+↑ / Alt+↓ move between them)">
        Prompts
      </button>
      <button type="button" className="btn btn-quiet btn-small" aria-pressed={options.hideTools} onClick={() => onChange({ hideTools: !options.hideTools })} title="Show only prompts, answers and thinking">
        Hide tools
      </button>
      <button type="button" className="btn btn-quiet btn-small" aria-pressed={options.hideThinking} onClick={() => onChange({ hideThinking: !options.hideThinking })}>
        Hide thinking
      </button>
    </div>
  );
}
