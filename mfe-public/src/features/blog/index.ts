// The feature's public face: its pages, each loaded in its own chunk when its route opens.
import { lazy } from 'react';

export const BlogPage = lazy(() => import('./components/BlogPage'));
