// The feature's public face: its pages, each loaded in its own chunk when its route opens.
import { lazy } from 'react';

export const SellerFaqPage = lazy(() => import('./components/FaqPage').then((m) => ({ default: m.SellerFaqPage })));
export const BuyerFaqPage = lazy(() => import('./components/FaqPage').then((m) => ({ default: m.BuyerFaqPage })));
