import StaffApp from '../src/App';
import { expectSettingsFromSidebar } from '../../packages/ui/test/settings-route';

// The Settings screen of the broker and agent areas (issue 24 §2): the sidebar's last link, the route mounting NotificationSettings.
test.each(['BROKER', 'AGENT'] as const)('%s: the sidebar links to Settings, which shows one row per staff kind and the digest time zone', async (role) => {
  await expectSettingsFromSidebar(StaffApp, role, {
    [`GET /api/${role.toLowerCase()}/needs-attention`]: { status: 200, body: { items: [], total: 0, unread: 0 } },
  });
});
