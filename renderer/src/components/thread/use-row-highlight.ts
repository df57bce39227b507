/** The row lit up for a moment after a jump to it (from a search hit, the outline, Alt+↓/↑). */
import { useCallback, useState } from 'react';

export function useRowHighlight(): [highlighted: number | undefined, flash: (row: number, ms: number) => void] {
  const [highlight, setHighlight] = useState<number | undefined>();
  const flash = useCallback((row: number, ms: number) => {
    setHighlight(row);
    setTimeout(() => setHighlight((h) => (h === row ? undefined : h)), ms);
  }, []);
  return [highlight, flash];
}
