/** Results, not throws, across every process boundary (IPC and HTTP). */

/** `cancelled`: the caller gave the request up (a search typed past) before it was begun. */
export const ERROR_CODES = ['invalid-request', 'not-found', 'busy', 'unsupported', 'forbidden', 'internal', 'cancelled'] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ContractError {
  readonly code: ErrorCode;
  readonly message: string;
}

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ContractError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(code: ErrorCode, message: string): Result<T> {
  return { ok: false, error: { code, message } };
}
