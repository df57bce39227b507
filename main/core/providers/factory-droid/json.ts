/** Small readers for untyped JSON: every record is parsed once and read through these. */
export type { Json } from '../json';
export { isObject, str, num, obj, arr, asText, shortError } from '../json';
