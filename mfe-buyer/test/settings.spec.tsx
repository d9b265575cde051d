import App from '../src/App';
import { progressBody } from '../../packages/ui/test/remote-harness';
import { expectSettingsFromSidebar } from '../../packages/ui/test/settings-route';

// The Settings screen of the buyer area (issue 24 §2): a sidebar link under the steps, the route mounting NotificationSettings.
test('the sidebar links to Settings, which shows one row per buyer kind and the digest time zone', async () => {
  await expectSettingsFromSidebar(App, 'BUYER', { 'GET /api/buyer/progress': { status: 200, body: progressBody('buyer', 1) } });
});
