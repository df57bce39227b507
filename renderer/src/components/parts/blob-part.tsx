import { useRef } from 'react';
import type { BlobPart as Blob } from '../../../../shared/record';
import { bytes } from '../../lib/format';

const SHOWN = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** An attachment: images shown from a data: URL (the CSP allows only that) and opened larger on click, the rest labelled. */
export function BlobPart({ part }: { part: Blob }): React.JSX.Element {
  const dialog = useRef<HTMLDialogElement>(null);
  const size = Math.floor((part.content.length * 3) / 4);
  const mime = part.mimeType.toLowerCase();
  if (part.modality === 'image' && SHOWN.has(mime) && /^[A-Za-z0-9+/=\s]*$/.test(part.content)) {
    const src = `data:${mime};base64,${part.content.replace(/\s+/g, '')}`;
    const alt = `Attached image (${mime}, ${bytes(size)})`;
    return (
      <figure className="part-blob" data-part="blob">
        <button type="button" className="image-open" aria-label="Open image larger" onClick={() => dialog.current?.showModal()}>
          <img src={src} alt={alt} loading="lazy" />
        </button>
        <dialog ref={dialog} className="image-dialog" aria-label="Image" onClick={() => dialog.current?.close()}>
          <img src={src} alt={alt} />
          <button type="button" className="btn btn-small image-close" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </dialog>
      </figure>
    );
  }
  return (
    <div className="part-blob part-blob-file" data-part="blob">
      <span className="badge">{part.modality}</span> {part.mimeType} · {bytes(size)}
    </div>
  );
}
