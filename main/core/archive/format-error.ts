/** A blob (or a content file) that is not in a form this Déjà Vu can read. */
export class ArchiveFormatError extends Error {
  override readonly name = 'ArchiveFormatError';
}
