import type { BlobPart as Blob } from '../../../../shared/record';
import { bytes } from '../../lib/format';

const SHOWN = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** An attachment: images shown from a data: URL (the CSP allows only that), the rest labelled. */
export function BlobPart({ part }: { part: Blob }): React.JSX.Element {
  const size = Math.floor((part.content.length * 3) / 4);
  const mime = part.mimeType.toLowerCase();
  if (part.modality === 'image' && SHOWN.has(mime) && /^[A-Za-z0-9+/=\s]*$/.test(part.content)) {
    return (
      <figure className="part-blob" data-part="blob">
        <img src={`data:${mime};base64,${part.content.replace(/\s+/g, '')}`} alt={`Attached image (${mime}, ${bytes(size)})`} loading="lazy" />
      </figure>
    );
  }
  return (
    <div className="part-blob part-blob-file" data-part="blob">
      <span className="badge">{part.modality}</span> {part.mimeType} · {bytes(size)}
    </div>
  );
}
