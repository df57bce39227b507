/** The archive's size against its soft and hard caps, as one bar with the soft cap marked. */
import { bytes } from '../../lib/format';

export function StorageBar({ used, soft, hard }: { used: number; soft: number; hard: number }): React.JSX.Element {
  const scale = Math.max(hard, used, 1);
  const pct = (n: number) => `${Math.min(100, (n / scale) * 100)}%`;
  const level = used > hard ? 'over-hard' : used > soft ? 'over-soft' : 'ok';
  return (
    <div className="storage">
      <div className="storage-line">
        <strong className="storage-used">{bytes(used)}</strong> used
        <span className="faint">
          {' '}
          · soft cap {bytes(soft)} · hard cap {bytes(hard)}
        </span>
        {level !== 'ok' ? <span className={`storage-state storage-${level}`}>{level === 'over-hard' ? 'over the hard cap' : 'over the soft cap'}</span> : null}
      </div>
      <div
        className={`storage-bar storage-${level}`}
        role="meter"
        aria-label="Archive size against the hard cap"
        aria-valuemin={0}
        aria-valuemax={hard}
        aria-valuenow={Math.min(used, hard)}
        aria-valuetext={`${bytes(used)} of ${bytes(hard)} hard cap (soft cap ${bytes(soft)})`}
      >
        <span className="storage-fill" style={{ width: pct(used) }} />
        <span className="storage-soft" style={{ left: pct(soft) }} title={`Soft cap ${bytes(soft)}`} />
      </div>
    </div>
  );
}
