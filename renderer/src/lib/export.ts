/** Export a conversation: through the native save dialog where there is one, else a download. */
import type { AppStatus, ExportFormat } from '../../../shared/contract';
import { call } from '../transport';
import { TIME_ZONE } from './format';

export async function exportConversation(id: string, format: ExportFormat, status: AppStatus | undefined): Promise<string | null> {
  if (status?.capabilities.saveDialog) {
    const { path } = await call('dejavu:save-export', { id, format, timeZone: TIME_ZONE });
    return path;
  }
  const file = await call('dejavu:export', { id, format, timeZone: TIME_ZONE });
  const url = URL.createObjectURL(new Blob([file.content], { type: `${file.mimeType};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return file.fileName;
}
