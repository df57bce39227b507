/** Narrowing helpers for untyped JSON. */
export type { Json } from '../json';
export { isObject, str, num, tryParse } from '../json';
