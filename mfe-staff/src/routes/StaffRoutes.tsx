import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Loading } from '@brokerage/ui';
import { Messages, NotFound, NotificationSettings } from '@brokerage/ui/portal';
import type { StaffArea } from '../api';
import * as P from './pages';

/** The routes of one staff area (spec part 3 §2 route table); the agent area has no agents and no admin page. */
export function StaffRoutes({ area }: { area: StaffArea }) {
  const broker = area === 'broker';
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route index element={<P.DashboardPage />} />
        <Route path="messages" element={<Messages role={broker ? 'BROKER' : 'AGENT'} />} />
        <Route path="listings" element={broker ? <P.ListingsPage /> : <P.AssignedListingsPage />} />
        <Route path="sellers" element={broker ? <P.SellersPage /> : <P.AssignedSellersPage />} />
        <Route path="buyers" element={broker ? <P.BuyersPage /> : <P.AssignedBuyersPage />} />
        <Route path="sellers/:clientId/:listingId/*" element={<P.SellerListingPage />} />
        <Route path="buyers/:clientId/:listingId/*" element={<P.BuyerListingPage />} />
        <Route path="listings/:listingId/activity" element={<P.ListingActivityPage />} />
        <Route path="listings/:listingId/questions" element={<P.ListingQuestionsPage />} />
        {broker && <Route path="agents" element={<P.AgentsPage />} />}
        {broker && <Route path="admin" element={<P.AdminPage />} />}
        <Route path="settings" element={<NotificationSettings />} />
        <Route path="*" element={<NotFound homeTo={`/${area}`} homeLabel="Back to your dashboard" />} />
      </Routes>
    </Suspense>
  );
}
