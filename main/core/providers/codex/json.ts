/** Small readers for untyped JSON: Codex lines are parsed once and read through these. */
export type { Json } from '../json';
export { isObject, str, num, obj, arr, asText } from '../json';
