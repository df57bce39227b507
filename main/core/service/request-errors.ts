/** Why a request failed, as the Result every channel answers with names it. */
import { fail, type Result } from '../../../shared/result';
import { ArchiveBusyError } from '../use-cases/open-archive';
import { InvalidSettingsError } from '../use-cases/settings';
import { AmbiguousIdError, ConversationNotFoundError } from '../use-cases/show';

/** The request needs the desktop app (a native dialog, opening a link). */
export class UnsupportedError extends Error {}
/** The request is well-formed but cannot be done as asked; its message says why. */
export class InvalidRequestError extends Error {}

export function toFailure(err: unknown): Result<never> {
  if (err instanceof ConversationNotFoundError) return fail('not-found', err.message);
  // A settings value out of bounds (saved, or a preview's overrides) is the request's to correct.
  if (err instanceof AmbiguousIdError || err instanceof InvalidRequestError || err instanceof InvalidSettingsError) return fail('invalid-request', err.message);
  if (err instanceof ArchiveBusyError) return fail('busy', err.message);
  if (err instanceof UnsupportedError) return fail('unsupported', err.message);
  return fail('internal', (err as Error)?.message ?? String(err));
}
