import { lazy, useContext, useState, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@brokerage/api-client';
import { PublicLayout } from './features/layout/components/PublicLayout';
import { PublicErrorBoundary } from './components/ErrorBoundary';
import './styles.css';

// Every screen is its own chunk: a visitor downloads only the page they open.
const named = <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) =>
  lazy(async () => ({ default: pick(await load()) }));

const HomePage = lazy(() => import('./features/home/components/HomePage'));
const NotFoundPage = lazy(() => import('./features/home/components/NotFoundPage'));
const AboutPage = lazy(() => import('./features/about/components/AboutPage'));
const SellingPage = named(() => import('./features/info/components/InfoPage'), (m) => m.SellingPage);
const BuyingPage = named(() => import('./features/info/components/InfoPage'), (m) => m.BuyingPage);
const SellerFaqPage = named(() => import('./features/faqs/components/FaqPage'), (m) => m.SellerFaqPage);
const BuyerFaqPage = named(() => import('./features/faqs/components/FaqPage'), (m) => m.BuyerFaqPage);
const ContactPage = lazy(() => import('./features/contact/components/ContactPage'));
const BlogPage = lazy(() => import('./features/blog/components/BlogPage'));
const LoginPage = lazy(() => import('./features/auth/components/LoginPage'));
const ResetPasswordPage = lazy(() => import('./features/auth/components/ResetPasswordPage'));
const RegistrationPage = lazy(() => import('./features/registration/components/RegistrationPage'));
const NdaPage = lazy(() => import('./features/nda/components/NdaPage'));

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
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </PublicErrorBoundary>
      </PublicLayout>
    </QueryFallback>
  );
}
