/** Small readers for untyped JSON: Amp records are parsed once and read through these. */
export type { Json } from '../json';
export { isObject, str, num, arr, asText, isoFromMs } from '../json';
