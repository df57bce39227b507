/**
 * The person's prompts in the open conversation: an outline to jump through, and keys for the
 * next and previous prompt (Alt+↓ / Alt+↑, or ] and [ outside text fields).
 */
import { useEffect } from 'react';
import type { Message } from '../../../../shared/record';
import { time } from '../../lib/format';

export interface Prompt {
  readonly index: number;
  readonly text: string;
  readonly timestamp?: string;
}

/** The prompts among the loaded messages, in order. */
export function promptsOf(messages: ReadonlyMap<number, Message>): Prompt[] {
  const out: Prompt[] = [];
  for (const i of [...messages.keys()].sort((a, b) => a - b)) {
    const m = messages.get(i)!;
    if (m.role !== 'user') continue;
    const text = m.parts.map((p) => (p.type === 'text' ? p.content : '')).join(' ').replace(/\s+/g, ' ').trim();
    if (text) out.push({ index: i, text: text.length > 140 ? `${text.slice(0, 140)}…` : text, timestamp: m.timestamp });
  }
  return out;
}

export function PromptOutline({ prompts, current, loading, onJump }: { prompts: readonly Prompt[]; current?: number; loading: boolean; onJump: (index: number) => void }): React.JSX.Element {
  return (
    <nav className="prompt-outline" aria-label="Your prompts in this conversation">
      <div className="prompt-outline-head">
        Your prompts{loading ? ' (loading…)' : ` (${prompts.length})`} <span className="faint">· Alt+↑ / Alt+↓</span>
      </div>
      <ol>
        {prompts.map((p, n) => (
          <li key={p.index}>
            <button type="button" className={`prompt-item ${p.index === current ? 'is-current' : ''}`} onClick={() => onJump(p.index)} data-prompt-index={p.index}>
              <span className="prompt-n">{n + 1}</span>
              <span className="prompt-text">{p.text}</span>
              <span className="prompt-time">{time(p.timestamp)}</span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Alt+↓/↑ (and ] / [ when not typing) move to the next or previous prompt. */
export function usePromptKeys(onMove: (delta: 1 | -1) => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      const typing = Boolean(el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)));
      let delta: 1 | -1 | undefined;
      if (e.altKey && !e.ctrlKey && !e.metaKey && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) delta = e.key === 'ArrowDown' ? 1 : -1;
      else if (!typing && !e.altKey && !e.ctrlKey && !e.metaKey && (e.key === ']' || e.key === '[')) delta = e.key === ']' ? 1 : -1;
      if (!delta) return;
      e.preventDefault();
      onMove(delta);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onMove]);
}
