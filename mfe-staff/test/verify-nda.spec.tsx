import { act, fireEvent, within } from '@testing-library/react';
import { formatDateTime } from '@brokerage/ui/portal';
import { signedIn, stubApi } from '../../packages/ui/test/remote-harness';
import { FakeXhr, dropOf, fileOf, installFakeXhr } from '../../packages/ui/test/fake-xhr';
import { FRAME, LISTING_ID, inMain, listing, ok, show } from './staff-fixtures';

// "Verify an NDA" on the listing's Activity page (issue 24 §1): a copy of an NDA's PDF dropped or chosen is sent to the
// area's verify route (nothing stored there) and the answer is told: "Matches the NDA signed by … on …" (the date in
// the portal's format and the reader's time zone) or "Does not match any signed NDA"; only .pdf is taken; a refusal
// reads the upload's "Upload failed: …". The server's hashing and the roles are documents' nda-verification.spec.ts.

installFakeXhr();

const SIGNED_AT = '2026-11-23T10:00:00.000Z';

async function openActivity(area: 'broker' | 'agent') {
  signedIn(area === 'broker' ? 'BROKER' : 'AGENT');
  stubApi({
    ...FRAME,
    [`GET /api/${area}/listings/${LISTING_ID}`]: ok({ listing: listing() }),
    [`GET /api/${area}/listings/${LISTING_ID}/activity`]: ok({ downloads: [] }),
    [`GET /api/${area}/listings/${LISTING_ID}/engagement`]: ok({ listingId: LISTING_ID, buyers: [] }),
  });
  show(`/${area}/listings/${LISTING_ID}/activity`);
  const panel = (await inMain().findByRole('heading', { level: 2, name: 'Verify an NDA' })).closest('section')!;
  return { panel: within(panel), zone: within(panel).getByRole('group', { name: "Drop or choose the NDA's PDF" }) };
}

describe('Verify an NDA (Activity page)', () => {
  test.each(['broker', 'agent'] as const)('%s: an unaltered copy "Matches the NDA signed by {name} on {date}", another "Does not match any signed NDA"', async (area) => {
    const { panel, zone } = await openActivity(area);
    expect(panel.getByText(/Accepted: \.pdf · compared, not stored/)).toBeInTheDocument();

    await act(async () => void fireEvent.drop(zone, dropOf([fileOf('nda-blake.pdf', 'application/pdf')])));
    const sent = FakeXhr.sent.at(-1)!;
    expect(sent.url).toBe(`/api/${area}/listings/${LISTING_ID}/ndas/verify`);
    expect((sent.body!.get('file') as File).name).toBe('nda-blake.pdf');
    await act(async () =>
      sent.respond(200, { matches: true, message: 'Matches the NDA signed by Blake Buyer on Nov 23, 2026 10:00 AM UTC', signerName: 'Blake Buyer', signedAt: SIGNED_AT }),
    );
    expect(await panel.findByText(`Matches the NDA signed by Blake Buyer on ${formatDateTime(SIGNED_AT)}`)).toBeInTheDocument();
    expect(panel.getAllByText('nda-blake.pdf').length).toBeGreaterThan(0);
    expect(panel.getByText('Checked')).toBeInTheDocument(); // nothing was uploaded: the row does not say "Uploaded"
    expect(panel.queryByText('Uploaded')).not.toBeInTheDocument();

    await act(async () => void fireEvent.drop(zone, dropOf([fileOf('nda-edited.pdf', 'application/pdf')])));
    await act(async () => FakeXhr.sent.at(-1)!.respond(200, { matches: false, message: 'Does not match any signed NDA' }));
    expect(await panel.findByText('Does not match any signed NDA')).toBeInTheDocument();
    expect(panel.queryByText(/^Matches the NDA signed by/)).not.toBeInTheDocument();
  });

  test('a file that is no .pdf is refused when chosen (nothing sent); a server refusal reads "Upload failed: …" and no verdict', async () => {
    const { panel, zone } = await openActivity('broker');
    const sentBefore = FakeXhr.sent.length;
    await act(async () => void fireEvent.drop(zone, dropOf([fileOf('nda.doc', 'application/msword')])));
    expect(panel.getByRole('alert')).toHaveTextContent('nda.doc: file type not allowed (allowed: .pdf)');
    expect(FakeXhr.sent).toHaveLength(sentBefore);

    await act(async () => void fireEvent.drop(zone, dropOf([fileOf('scan.pdf', 'application/pdf')])));
    await act(async () => FakeXhr.sent.at(-1)!.respond(400, { message: "scan.pdf: the file's content does not match its extension" }));
    expect(await panel.findByText("Upload failed: scan.pdf: the file's content does not match its extension")).toBeInTheDocument();
    expect(panel.queryByText(/Matches the NDA|Does not match/)).not.toBeInTheDocument();
  });
});
