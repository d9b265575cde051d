// The staff buyer progress view (features/client-listing) mounts this panel.
export { OffersPanel, type OffersPanelProps } from './components/OffersPanel';
export { offerKeys, offersPath, offersQuery, useRecordOffer } from './api/offers';
