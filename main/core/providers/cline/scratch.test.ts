import { it } from 'vitest';
import { clineProvider } from './index';
import { fileParseContext } from '../../capture/parse-context';
it('scratch', async () => {
for (const f of ['Jeehunter__mcp-vscode-server/ui_messages.json','Jeehunter__mcp-vscode-server/MCP/ui_messages.json','haram-333__fineye/ui_messages.json']) {
  const [c] = await clineProvider.parse(fileParseContext('/work/shared/fixtures/cline/'+f));
  const u = c.messages.filter(m=>m.role==='user').length;
  const t = c.messages.filter(m=>m.role==='assistant').reduce((n,m)=>n+m.parts.filter(p=>p.type==='text'&&p.content.trim()).length,0);
  const tc = c.messages.reduce((n,m)=>n+m.parts.filter(p=>p.type==='tool_call').length,0);
  const kinds: Record<string, number> = {};
  for (const m of c.messages) kinds[m.role+':'+(m.kind??'')] = (kinds[m.role+':'+(m.kind??'')]??0)+1;
  console.log(f, {u,t,tc}, c.warnings, c.cwd, c.workspace, c.title, c.models, c.usage, c.startedAt, c.endedAt, kinds);
}
});
