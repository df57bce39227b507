import type { ReasoningPart as Reasoning } from '../../../../shared/record';
import { Markdown } from '../markdown';

/** Thinking, collapsed by default; a redacted block says so and has nothing to open. */
export function ReasoningPart({ part }: { part: Reasoning }): React.JSX.Element {
  const redacted = part.redacted || !part.content.trim();
  if (redacted) {
    return (
      <div className="part-thinking part-thinking-redacted" data-part="reasoning">
        <span className="thinking-icon" aria-hidden="true">
          ◌
        </span>{' '}
        Thinking (redacted)
      </div>
    );
  }
  return (
    <details className="part-thinking" data-part="reasoning">
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
