import { useEffect, useRef } from 'react';
import type { ReasoningPart as Reasoning } from '../../../../shared/record';
import { useReveal } from '../find/reveal';
import { Markdown } from '../markdown';

/**
 * Thinking, collapsed by default; opened when it holds what is being found. Redacted or empty
 * thinking shows nothing: a stub on every turn would say nothing the reader can use.
 */
export function ReasoningPart({ part }: { part: Reasoning }): React.JSX.Element | null {
  const ref = useRef<HTMLDetailsElement>(null);
  const reveal = useReveal(part.content);
  useEffect(() => {
    if (reveal && ref.current) ref.current.open = true;
  }, [reveal]);
  if (!part.content.trim()) return null;
  return (
    <details className="part-thinking" data-part="reasoning" ref={ref}>
      <summary>
        <span className="thinking-icon" aria-hidden="true">
          ◌
        </span>{' '}
        Thinking <span className="faint">· {part.content.length > 999 ? `${Math.round(part.content.length / 100) / 10}k` : part.content.length} chars</span>
      </summary>
      <div className="thinking-body">
        <Markdown text={part.content} />
      </div>
    </details>
  );
}
