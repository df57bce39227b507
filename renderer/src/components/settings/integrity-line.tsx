/** Settings → Storage: one read-only line saying when `dejavu verify` last checked the archive, and what it found. */
import { dateTime, num } from '../../lib/format';
import { useChannel } from '../../lib/queries';

export function IntegrityLine(): React.JSX.Element | null {
  const check = useChannel('dejavu:integrity', {});
  if (check.isPending || check.error) return null;
  const c = check.data;
  return (
    <p className={`settings-note ${c && !c.consistent ? 'warn-text' : ''}`} data-testid="integrity-line">
      {!c
        ? 'Last integrity check: never (run `dejavu verify` to check the archive).'
        : c.consistent
          ? `Last integrity check ${dateTime(c.at)}: consistent (${num(c.conversations)} conversations, ${num(c.blobFiles)} blob files${c.repaired ? `; ${num(c.repaired)} problem(s) repaired` : ''}).`
          : `Last integrity check ${dateTime(c.at)}: ${num(c.problems)} problem(s) found (run \`dejavu verify\` to see them${c.repaired ? `; ${num(c.repaired)} repaired` : ''}).`}
    </p>
  );
}
