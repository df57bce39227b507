/** Pin / Unpin: a pinned conversation is never evicted, whatever the storage budget says. */
import { useWrite } from '../../lib/queries';
import { PIN_TOOLTIP, PinGlyph } from '../markers';

export function PinButton({ id, pinned }: { id: string; pinned: boolean }): React.JSX.Element {
  // Pending until the lists show it (useWrite reads again what a pin changes before it settles).
  const pin = useWrite('dejavu:pin');
  const shown = pin.isPending && pin.variables !== undefined ? pin.variables.pinned : pinned;
  return (
    <>
      <button
        type="button"
        className="btn"
        aria-pressed={shown}
        disabled={pin.isPending}
        onClick={() => pin.mutate({ id, pinned: !pinned })}
        title={shown ? `${PIN_TOOLTIP} Unpin to let eviction treat it like any other.` : 'Pin: pinned conversations are never evicted, whatever the storage budget says.'}
      >
        <PinGlyph />
        {shown ? 'Unpin' : 'Pin'}
      </button>
      {pin.error ? (
        <span className="pin-error" role="alert">
          {pinned ? 'Unpinning' : 'Pinning'} failed: {pin.error.message}
        </span>
      ) : null}
    </>
  );
}
