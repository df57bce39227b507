/** Pin / Unpin: a pinned conversation is never evicted, whatever the storage budget says. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../transport';
import { PIN_TOOLTIP, PinGlyph } from '../markers';

export function PinButton({ id, pinned }: { id: string; pinned: boolean }): React.JSX.Element {
  const client = useQueryClient();
  const pin = useMutation({
    mutationFn: (next: boolean) => call('dejavu:pin', { id, pinned: next }),
    // `dejavu:changed` says so too; this does not wait for it. Pending until the lists show it.
    onSettled: () =>
      Promise.all(['dejavu:conversation', 'dejavu:conversations', 'dejavu:search', 'dejavu:retention'].map((channel) => client.invalidateQueries({ queryKey: [channel] }))),
  });
  const shown = pin.isPending && pin.variables !== undefined ? pin.variables : pinned;
  return (
    <>
      <button
        type="button"
        className="btn"
        aria-pressed={shown}
        disabled={pin.isPending}
        onClick={() => pin.mutate(!pinned)}
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
