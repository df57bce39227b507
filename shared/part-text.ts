/** The text each kind of part carries, read or rewritten in one place (redaction, the search bench's copies). */
import type { Part } from './record';

/** The text a part carries: its content, a call's arguments, a result's response; a blob's bytes are not text (''). */
export function partText(p: Part): string {
  switch (p.type) {
    case 'text':
    case 'reasoning':
    case 'generic':
      return p.content;
    case 'tool_call':
      return p.arguments;
    case 'tool_call_response':
      return p.response;
    case 'blob':
      return '';
  }
}

/** The part with the text it carries mapped by `fn` (a blob as it is). */
export function withPartText(p: Part, fn: (text: string) => string): Part {
  switch (p.type) {
    case 'text':
    case 'reasoning':
    case 'generic':
      return { ...p, content: fn(p.content) };
    case 'tool_call':
      return { ...p, arguments: fn(p.arguments) };
    case 'tool_call_response':
      return { ...p, response: fn(p.response) };
    case 'blob':
      return p;
  }
}
