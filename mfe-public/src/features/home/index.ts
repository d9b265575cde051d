// The feature's public face: its pages, each loaded in its own chunk when its route opens.
import { lazy } from 'react';

export const HomePage = lazy(() => import('./components/HomePage'));
export const NotFoundPage = lazy(() => import('./components/NotFoundPage'));
