import App from '../src/App';
import { progressBody } from '../../packages/ui/test/remote-harness';
import { expectSettingsFromSidebar } from '../../packages/ui/test/settings-route';

// The Settings screen of the seller area (issue 24 §2): a sidebar link under the steps, the route mounting NotificationSettings.
test('the sidebar links to Settings, which shows one row per seller kind and the digest time zone', async () => {
  await expectSettingsFromSidebar(App, 'SELLER', { 'GET /api/seller/progress': { status: 200, body: progressBody('seller', 1) } });
});
