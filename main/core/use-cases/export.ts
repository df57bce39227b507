/** Export: one conversation as a Markdown, JSON or HTML document. */
import type { ExportFile, ExportFormat } from '../../../shared/contract';
import type { FarConversation } from '../../../shared/far-record';
import type { Conversation } from '../../../shared/record';
import type { ArchiveReader } from '../access/archive-reader';
import { outgoingConversation, redactsOutgoing } from '../redact/outgoing';
import { conversationToHtml } from '../render/html';
import { loadHighlighter } from '../render/html-highlight';
import { conversationToMarkdown, exportFileName } from '../render/markdown';

export { EXPORT_FORMATS, type ExportFormat } from '../../../shared/contract';
export { conversationToMarkdown } from '../render/markdown';

/** Loads what rendering `format` takes (HTML: the code highlighter): await it before renderExport or exportFile. */
export async function readyToRender(format: ExportFormat): Promise<void> {
  if (format === 'html') await loadHighlighter();
}

/** The document's text in `format` (JSON only of a plain record: a far one's is written in pieces, cli/json-pieces.ts). */
export function renderExport(c: Conversation, format: ExportFormat, timeZone?: string): string;
export function renderExport(c: FarConversation, format: Exclude<ExportFormat, 'json'>, timeZone?: string): string;
export function renderExport(c: FarConversation, format: ExportFormat, timeZone?: string): string {
  if (format === 'json') return `${JSON.stringify(c, null, 2)}\n`;
  if (format === 'html') return conversationToHtml(c);
  return conversationToMarkdown(c, { timeZone });
}

/** YYYY-MM-DD_<title>.<format>, dated in `timeZone` (default: this machine's). */
export function exportName(c: FarConversation, format: ExportFormat, timeZone?: string): string {
  return exportFileName(c, timeZone).replace(/\.md$/, `.${format}`);
}

const MIME_TYPES: Record<ExportFormat, string> = { json: 'application/json', html: 'text/html', md: 'text/markdown' };

/** A conversation as a file to save (the app): redacted unless the person turned that off in Settings; dated in the person's zone. */
export function exportFile(reader: ArchiveReader, conversation: Conversation, format: ExportFormat, timeZone?: string): ExportFile {
  const redact = redactsOutgoing(reader.db);
  const { conversation: outgoing, count } = outgoingConversation(conversation, redact);
  return { fileName: exportName(outgoing, format, timeZone), mimeType: MIME_TYPES[format], content: renderExport(outgoing, format, timeZone), redacted: redact ? count : null };
}
