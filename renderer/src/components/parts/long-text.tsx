import { useEffect, useState } from 'react';
import { useReveal } from '../find/reveal';

/** Preformatted text, cut to a screenful until the person asks for all of it. */
export function LongText({ text, className, maxLines = 30, maxChars = 4000 }: { text: string; className?: string; maxLines?: number; maxChars?: number }): React.JSX.Element {
  const [all, setAll] = useState(false);
  // Cut text holding what is being found is shown whole, so the occurrence can be shown.
  const reveal = useReveal(text);
  useEffect(() => {
    if (reveal) setAll(true);
  }, [reveal]);
  const lines = text.split('\n');
  const long = lines.length > maxLines || text.length > maxChars;
  let shown = text;
  if (long && !all) {
    shown = lines.slice(0, maxLines).join('\n');
    if (shown.length > maxChars) shown = shown.slice(0, maxChars);
  }
  return (
    <div className={`long-text ${className ?? ''}`}>
      <pre className="pre">{shown}</pre>
      {long ? (
        <button type="button" className="link-button show-all" onClick={() => setAll(!all)} aria-expanded={all}>
          {all ? 'Show less' : `Show all (${lines.length.toLocaleString()} lines, ${text.length.toLocaleString()} chars)`}
        </button>
      ) : null}
    </div>
  );
}
