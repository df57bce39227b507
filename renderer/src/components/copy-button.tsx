/** Copies text to the clipboard and says so for a moment. */
import { useState } from 'react';

export function CopyButton({ text, label = 'Copy', className }: { text: () => string; label?: string; className?: string }): React.JSX.Element {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <button
      type="button"
      className={`copy-button ${className ?? ''}`}
      aria-label={label}
      title={label}
      onClick={async (e) => {
        e.stopPropagation();
        try {
          await navigator.clipboard.writeText(text());
          setState('copied');
        } catch {
          setState('failed');
        }
        setTimeout(() => setState('idle'), 1400);
      }}
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}
    </button>
  );
}
