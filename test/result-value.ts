/** The value of a service call that must succeed; a failure fails the test with its code and message. */
import type { Result } from '../shared/result';

export function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`call failed: ${result.error.code}: ${result.error.message}`);
  return result.value;
}
