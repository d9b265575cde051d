import { useContext, useState, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@brokerage/api-client';
import { PublicErrorBoundary, PublicLayout } from './features/layout';
// Every screen is its own chunk (the features' indexes export them lazily): a visitor downloads only the page they open.
import { HomePage, NotFoundPage } from './features/home';
import { AboutPage } from './features/about';
import { SellingPage, BuyingPage } from './features/info';
import { SellerFaqPage, BuyerFaqPage } from './features/faqs';
import { ContactPage } from './features/contact';
import { BlogPage } from './features/blog';
import { LoginPage, ResetPasswordPage } from './features/auth';
import { RegistrationPage } from './features/registration';
import { NdaPage } from './features/nda';
import { UnsubscribePage } from './features/unsubscribe';
import { FormsLive } from './components/FormsLive';
import './styles.css';

/** The shell provides the QueryClient; this fallback only matters when the remote is mounted without one. */
function QueryFallback({ children }: { children: ReactNode }) {
  const existing = useContext(QueryClientContext);
  const [client] = useState(() => (existing ? null : createQueryClient()));
  return client ? <QueryClientProvider client={client}>{children}</QueryClientProvider> : <>{children}</>;
}

/** Root of the mfe_public remote: every public route (the shell mounts it for all paths outside the portals). */
export default function App() {
  return (
    <QueryFallback>
      <PublicLayout>
        <PublicErrorBoundary>
          <Routes>
            <Route index element={<HomePage />} />
            <Route path="about" element={<AboutPage />} />
            <Route path="selling" element={<Navigate to="/selling/your-business" replace />} />
            <Route path="selling/your-business" element={<SellingPage />} />
            <Route path="selling/faqs" element={<SellerFaqPage />} />
            <Route path="buying" element={<Navigate to="/buying/business" replace />} />
            <Route path="buying/business" element={<BuyingPage />} />
            <Route path="buying/faqs" element={<BuyerFaqPage />} />
            <Route path="buying/nda" element={<NdaPage />} />
            <Route path="nda" element={<NdaPage />} />
            <Route path="contact" element={<ContactPage />} />
            <Route path="blog" element={<BlogPage />} />
            <Route path="login" element={<LoginPage />} />
            <Route path="reset-password" element={<ResetPasswordPage />} />
            <Route path="registration" element={<RegistrationPage />} />
            <Route path="unsubscribe" element={<UnsubscribePage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </PublicErrorBoundary>
        {/* same Suspense boundary as the page: live once the page is hydrated (replays an early submit) */}
        <FormsLive />
      </PublicLayout>
    </QueryFallback>
  );
}
