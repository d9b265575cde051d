import { screen, within } from '@testing-library/react';
import type { Listing } from '@brokerage/contracts/listings';
import type { DocumentDto, DownloadRecord } from '@brokerage/contracts/documents';
import type { PersonListingSummary, SellerSummary, StaffProgressView } from '@brokerage/contracts/staff-views';
import { SELLER_STEPS, BUYER_STEPS } from '@brokerage/contracts/journeys';
import StaffApp from '../src/App';
import { PEOPLE, renderAt } from '../../packages/ui/test/remote-harness';

/** Data of the staff remote's component tests (mfe-staff/test/*.spec.tsx): answers shaped as the contracts say. */

export const AT = '2026-11-20T10:00:00.000Z';
export const LISTING_ID = '00000000-0000-4000-8000-000000000101';
export const SELLER = PEOPLE.SELLER;
export const BUYER = PEOPLE.BUYER;

/** What the frame reads on every screen (badges): answered, not part of these tests. */
export const FRAME = {
  'GET /api/messages/unread-count': { status: 200, body: { count: 0 } },
  'GET /api/broker/needs-attention': { status: 200, body: { items: [], total: 0, unread: 0 } },
  'GET /api/agent/needs-attention': { status: 200, body: { items: [], total: 0, unread: 0 } },
} as const;

export const ok = (body: unknown) => ({ status: 200, body });

export function listing(o: Partial<Listing> = {}): Listing {
  return {
    id: LISTING_ID, title: 'Harbour Roastery', description: 'Coffee roaster', price: 425000, status: 'ACTIVE',
    seller: { id: SELLER.id, name: SELLER.name, email: SELLER.email }, privateSeller: null, buyers: [], agent: null, closedAt: null,
    createdAt: AT, updatedAt: AT, ...o,
  };
}

export const summary = (o: Partial<PersonListingSummary> = {}): PersonListingSummary => ({
  id: LISTING_ID, title: 'Harbour Roastery', description: 'Coffee roaster', price: 425000, status: 'ACTIVE', createdAt: AT, ...o,
});

export function person(o: Partial<SellerSummary> = {}): SellerSummary {
  return { id: SELLER.id, name: SELLER.name, email: SELLER.email, phone: null, isActive: true, createdAt: AT, listings: [], ...o };
}

export function doc(o: Partial<DocumentDto> = {}): DocumentDto {
  return {
    id: 'd-1', fileName: 'agreement.pdf', fileSize: 2048, uploadedAt: AT, url: '/api/broker/download-document/d-1', type: 'LISTING_AGREEMENT',
    stepId: null, category: 'STAFF_UPLOAD', operationType: 'UPLOAD', uploader: { id: PEOPLE.BROKER.id, name: 'Morgan Broker', role: 'BROKER' },
    listingId: LISTING_ID, buyerId: null, audience: 'ALL', contentType: 'application/pdf', sha256: 'x', tag: null, ...o,
  };
}

export function download(o: Partial<DownloadRecord> & { who?: keyof typeof PEOPLE } = {}): DownloadRecord {
  const { who = 'SELLER', ...rest } = o;
  const u = PEOPLE[who];
  return {
    id: `dl-${Math.random()}`, documentId: 'd-1', fileName: 'agreement.pdf', documentType: 'LISTING_AGREEMENT', listingId: LISTING_ID,
    user: { id: u.id, name: u.name, email: u.email, role: u.role }, ip: '10.0.0.1', watermarked: false, via: 'file', downloadedAt: AT, ...rest,
  };
}

/** A staff progress view of a seller's or buyer's journey at `currentStep` (0-based), earlier steps completed. */
export function staffProgress(kind: 'sellers' | 'buyers', currentStep: number, o: Partial<StaffProgressView> = {}): StaffProgressView {
  const titles = kind === 'sellers' ? SELLER_STEPS : BUYER_STEPS;
  return {
    steps: titles.map(({ id, title }) => ({
      id, title, completed: id < currentStep, accessible: id <= currentStep, completedAt: id < currentStep ? AT : null,
      completedBy: id < currentStep ? PEOPLE.BROKER.id : null, completedByName: id < currentStep ? 'Morgan Broker' : null,
      reopenedBy: null, reopenedByName: null, reopenedAt: null,
    })),
    currentStep, isViewingSelectedListing: true, totalSteps: titles.length, completedSteps: currentStep, listingId: LISTING_ID, userId: null,
    ...o,
  };
}

/** The staff remote as the shell mounts it: /broker/* or /agent/* by the path. */
export const show = (path: string) => renderAt(<StaffApp />, path, path.startsWith('/agent') ? '/agent/*' : '/broker/*');
export const main = () => screen.getByRole('main');
export const inMain = () => within(main());

/** A reply the test releases: loading until `release(reply)`. */
export function held<T>() {
  let release: (r: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (release = r));
  return { reply: () => promise, release: (r: T) => release(r) };
}
