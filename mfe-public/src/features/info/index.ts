// The feature's public face: its pages, each loaded in its own chunk when its route opens.
import { lazy } from 'react';

export const SellingPage = lazy(() => import('./components/InfoPage').then((m) => ({ default: m.SellingPage })));
export const BuyingPage = lazy(() => import('./components/InfoPage').then((m) => ({ default: m.BuyingPage })));
