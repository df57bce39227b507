import { it } from 'vitest';
import { aiderProvider } from './index';
import { fileParseContext } from '../../capture/parse-context';
it('s', async () => {
  const cs = await aiderProvider.parse(fileParseContext('/work/shared/fixtures/aider/BjornNordblom__pocketflow-text2sql-gui/blob_038e1a0c99/.aider.chat.history.md'));
  for (const m of cs[0].messages) if (m.role==='user'||m.kind==='architect-handoff') console.log(m.id, m.kind??'', JSON.stringify((m.parts[0] as {content:string}).content.slice(0,90)));
});
