import { it } from 'vitest';
import { startApp } from './harness';
import { SearchPage } from './pages/search-page';
it('shots', async () => {
  const app = await startApp();
  const search = new SearchPage(app.page);
  await app.openConversation('codex_019eef3d-abd1-72e1-ab99-dcdb259027c5');
  await app.page.waitForTimeout(800);
  await app.page.screenshot({ path: '/tmp/s1.png' });
  await search.search('"in parallel"');
  await app.page.waitForTimeout(500);
  await app.page.screenshot({ path: '/tmp/s2.png' });
  await app.page.setViewportSize({ width: 1024, height: 700 });
  await search.clear();
  await app.openConversation('claude-code_fe5e1c67-53e7-4862-81ae-d0e013e3270b');
  await app.page.waitForTimeout(800);
  await app.page.screenshot({ path: '/tmp/s3.png' });
  await app.close();
}, 120000);
