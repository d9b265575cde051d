import { render, screen, within } from '@testing-library/react';
import { ClosingInfo } from '../src/components/closing-info';

const facts = () =>
  within(screen.getByTestId('closing-info'))
    .getAllByRole('term')
    .map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);

describe('ClosingInfo', () => {
  test('seller step 9: "Closing Information" with date and location TBD, then the listing title', () => {
    render(<ClosingInfo listingTitle="Sunrise Bakery" />);
    expect(screen.getByRole('heading', { name: 'Closing Information' })).toBeInTheDocument();
    expect(facts()).toEqual(['Scheduled Closing Date: TBD', 'Closing Location: TBD', 'Listing: Sunrise Bakery']);
  });

  test('buyer step 9: date TBD, the listing (or "No listing selected"), location TBD', () => {
    render(<ClosingInfo listingTitle="No listing selected" listingPlace="middle" />);
    expect(facts()).toEqual(['Scheduled Closing Date: TBD', 'Listing: No listing selected', 'Closing Location: TBD']);
  });
});
