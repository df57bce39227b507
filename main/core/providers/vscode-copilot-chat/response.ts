/**
 * One request's `response` array (VS Code's `SerializedChatResponsePart[]`) → the messages
 * the person saw, in order: answer text, thinking, and each tool invocation as a call with its
 * result. Shapes from src/vs/workbench/contrib/chat/common/chatService/chatService.ts and
 * model/chatModel.ts (`toJSON` writes markdown as a bare `IMarkdownString`, `{value}`):
 * - `{value}` (markdown), `{kind:'markdownContent', content}`, `{kind:'markdownVuln', content}`,
 *   `{kind:'inlineReference', inlineReference, name?}` → answer text (references become links);
 * - `{kind:'thinking', value: string | string[]}` → reasoning;
 * - `{kind:'toolInvocationSerialized', toolId, toolCallId, invocationMessage, pastTenseMessage,
 *   toolSpecificData?, resultDetails?}` → a tool call; `resultDetails {input, output[], isError}`
 *   gives its arguments and result;
 * - `textEditGroup`, `warning`, `confirmation`, `elicitationSerialized`, `command`,
 *   `pullRequest`, file trees… → kept as labelled generic parts;
 * - UI-only markers (`codeblockUri`, `undoStop`, `progressMessage`, …) → kept in the native record only.
 */
import type { Part } from '../../../../shared/record';
import { arr, asText, isObject, obj, str, type Json } from '../kit/json';

/** A run of the answer: what the assistant showed, or one tool's result. */
export type Piece = { readonly role: 'assistant'; readonly parts: Part[] } | { readonly role: 'tool'; readonly parts: Part[] };

/** Parts that only steer VS Code's view of the response: nothing a person reads. */
const UI_ONLY = new Set(['codeblockUri', 'undoStop', 'progressMessage', 'progressTask', 'progressTaskSerialized', 'prepareToolInvocation', 'mcpServersStarting', 'clearToPreviousToolInvocation', 'notebookEditGroup', 'disabledClaudeHooks', 'hook']);
/** Parts kept as labelled generic parts: shown to the person, but not answer text or a tool call. */
const SHOWN = new Set(['textEditGroup', 'warning', 'confirmation', 'elicitationSerialized', 'command', 'pullRequest', 'extensions', 'treeData', 'multiDiffData', 'questionCarousel', 'workspaceEdit', 'markdownVuln']);

/** Text of a `string | IMarkdownString`. */
export function markdownText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return isObject(value) ? str(value.value) : undefined;
}

export function responsePieces(response: unknown, callId: (raw: string | undefined) => string, unknown: Set<string>): Piece[] {
  const pieces: Piece[] = [];
  let assistant: Part[] = [];
  let text = '';
  const flushText = () => {
    if (text.trim()) assistant.push({ type: 'text', content: text });
    text = '';
  };
  const flushAssistant = () => {
    flushText();
    if (assistant.length) pieces.push({ role: 'assistant', parts: assistant });
    assistant = [];
  };
  for (const item of arr(response)) {
    if (!isObject(item)) continue;
    const kind = str(item.kind);
    if (kind === undefined || kind === 'markdownContent' || kind === 'markdownVuln') {
      const value = kind === undefined ? markdownText(item) : markdownText(item.content);
      if (value !== undefined) {
        text += value;
        continue;
      }
      if (kind === undefined && isObject(item.uri) && str(item.label)) {
        flushText();
        assistant.push({ type: 'generic', kind: 'file-tree', content: JSON.stringify(item) });
        continue;
      }
    }
    if (kind === 'inlineReference') {
      text += referenceLink(item);
      continue;
    }
    if (kind === 'thinking') {
      const value = Array.isArray(item.value) ? item.value.filter((v) => typeof v === 'string').join('') : str(item.value) ?? '';
      if (value.trim()) {
        flushText();
        assistant.push({ type: 'reasoning', content: value });
      }
      continue;
    }
    if (kind === 'toolInvocationSerialized' || kind === 'toolInvocation') {
      flushText();
      const id = callId(str(item.toolCallId));
      assistant.push({ type: 'tool_call', id, name: str(item.toolId) ?? 'tool', arguments: toolArguments(item) });
      flushAssistant();
      const result = toolResult(id, item);
      if (result.length) pieces.push({ role: 'tool', parts: result });
      continue;
    }
    if (kind && UI_ONLY.has(kind)) continue;
    flushText();
    if (!kind || !SHOWN.has(kind)) unknown.add(kind ?? '(no kind)');
    assistant.push({ type: 'generic', kind: kind ?? 'response-part', content: JSON.stringify(item) });
  }
  flushAssistant();
  return pieces;
}

/** `[name](path)` for a reference VS Code shows inline (a URI or a `{uri, range}` location). */
function referenceLink(item: Json): string {
  const ref = obj(item.inlineReference);
  const uri = obj(ref?.uri) ?? ref;
  const target = str(uri?.fsPath) ?? str(uri?.path) ?? str(uri?.external) ?? '';
  const name = str(item.name) ?? (target.split(/[\\/]/).pop() || 'reference');
  return target ? `[${name}](${target})` : name;
}

/**
 * What the tool was asked to do: the input VS Code recorded with the result (the tool's
 * parameters as JSON text), else the tool-specific data (terminal command, raw input), else
 * the message VS Code showed for the call.
 */
function toolArguments(item: Json): string {
  const details = obj(item.resultDetails);
  const input = str(details?.input);
  if (input !== undefined) return input;
  const specific = obj(item.toolSpecificData);
  if (specific?.kind === 'terminal') {
    const command = obj(specific.commandLine);
    const line = str(command?.userEdited) ?? str(command?.toolEdited) ?? str(command?.original) ?? str(specific.command);
    if (line !== undefined) return JSON.stringify({ command: line });
  }
  if (specific?.kind === 'input' && specific.rawInput !== undefined) return asText(specific.rawInput);
  if (specific?.kind === 'subagent') return JSON.stringify({ description: specific.description, prompt: specific.prompt, agentName: specific.agentName });
  const shown = markdownText(item.invocationMessage) ?? markdownText(item.pastTenseMessage);
  return shown ? JSON.stringify({ message: shown }) : '{}';
}

/** The tool's result where VS Code kept one: `resultDetails.output` (text, or base64 data), a subagent's result. */
function toolResult(id: string, item: Json): Part[] {
  const details = obj(item.resultDetails);
  const parts: Part[] = [];
  const texts: string[] = [];
  if (details && typeof details.output === 'string') texts.push(details.output);
  for (const out of details ? arr(details.output) : []) {
    if (!isObject(out)) continue;
    const value = str(out.value);
    const mime = str(out.mimeType);
    if (value !== undefined && (out.isText === true || out.type === undefined && !mime)) texts.push(value);
    else if (value !== undefined && mime?.startsWith('image/')) parts.push({ type: 'blob', modality: 'image', mimeType: mime, content: value });
    else parts.push({ type: 'generic', kind: str(out.type) === 'ref' ? 'resource-reference' : 'tool-output', content: JSON.stringify(out) });
  }
  const data = obj(details?.output);
  if (data && str(data.base64Data) && str(data.mimeType)?.startsWith('image/')) parts.push({ type: 'blob', modality: 'image', mimeType: str(data.mimeType)!, content: str(data.base64Data)! });
  const specific = obj(item.toolSpecificData);
  if (specific?.kind === 'subagent' && str(specific.result)) texts.push(str(specific.result)!);
  if (!texts.length && !parts.length) return [];
  const response: Part = { type: 'tool_call_response', id, response: texts.join('\n') };
  if (details?.isError === true) response.isError = true;
  return [response, ...parts];
}
