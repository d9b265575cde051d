// The feature's public face: its page, loaded in its own chunk when its route opens.
import { lazy } from 'react';

export const UnsubscribePage = lazy(() => import('./components/UnsubscribePage'));
