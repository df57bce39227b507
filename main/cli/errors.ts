/** Errors the CLI reports as a usage problem (exit 2) rather than a failure (exit 1). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
