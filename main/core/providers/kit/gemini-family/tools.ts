/**
 * The result of one `toolCalls[]` entry of a Gemini CLI message: `result` is the content sent
 * back to the model (functionResponse parts, sometimes followed by media), `status` says
 * whether it failed (`error`, `cancelled`) and `resultDisplay` is what the terminal showed.
 */
import type { Part } from '../../../../../shared/record';
import { asText, obj, str, type Json } from '../json';
import { convertParts, functionResponseParts, partList, type UnknownSink } from './parts';

const FAILED = new Set(['error', 'cancelled']);
/** States of a call that has not finished: no result is recorded yet. */
const PENDING = new Set(['scheduled', 'validating', 'awaiting_approval', 'executing']);

export function toolResultParts(call: Json, id: string, unknown: UnknownSink): Part[] {
  const status = str(call.status) ?? '';
  const failed = FAILED.has(status);
  const result = call.result;
  if (typeof result === 'string') return [response(id, result, failed)];
  const items = partList(result);
  if (items.length) {
    const parts: Part[] = [];
    const rest: unknown[] = [];
    for (const item of items) {
      const fr = obj(obj(item)?.functionResponse);
      // The response answers this call even when it carries another (or no) id.
      if (fr) parts.push(...functionResponseParts({ ...fr, id }, id, failed));
      else rest.push(item);
    }
    parts.push(...convertParts(rest, `${id}:result`, unknown));
    if (!parts.some((p) => p.type === 'tool_call_response')) parts.unshift(response(id, displayText(call, status), failed));
    return parts;
  }
  if (PENDING.has(status)) return [];
  if (!status && call.resultDisplay === undefined) return [];
  return [response(id, displayText(call, status), failed)];
}

function displayText(call: Json, status: string): string {
  const display = call.resultDisplay;
  if (display !== undefined && display !== null && display !== '') return asText(display);
  return status ? `(${status})` : '';
}

function response(id: string, text: string, isError: boolean): Part {
  return isError ? { type: 'tool_call_response', id, response: text, isError: true } : { type: 'tool_call_response', id, response: text };
}
