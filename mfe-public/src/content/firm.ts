/**
 * Every fact about the firm shown on the public site lives in this folder (firm.ts, team.ts, faqs.ts, blog.ts,
 * nda.ts, pages.ts). Screens import from '../content' and never hard-code firm copy.
 */

// The firm's identity is shared by every remote and by e-mails: it lives once in @brokerage/contracts/firm.
import { FIRM } from '@brokerage/contracts/firm';

export { FIRM };

export const FIRM_ADDRESS_LINE = `${FIRM.address.street}, ${FIRM.address.city}, ${FIRM.address.state} ${FIRM.address.zip}`;

export interface Office {
  city: string;
  street: string;
  cityLine: string;
  phone: string;
  note: string;
}

export const OFFICES: Office[] = [
  {
    city: 'Sacramento',
    street: '1415 L Street, Suite 820',
    cityLine: 'Sacramento, CA 95814',
    phone: '(916) 555-0187',
    note: 'Headquarters and principal broker’s office',
  },
  {
    city: 'San Francisco',
    street: '100 Pine Street, Suite 1250',
    cityLine: 'San Francisco, CA 94111',
    phone: '(415) 555-0133',
    note: 'Bay Area sellers and West Bay buyers',
  },
  {
    city: 'San Jose',
    street: '50 West San Fernando Street, Suite 900',
    cityLine: 'San Jose, CA 95113',
    phone: '(408) 555-0161',
    note: 'South Bay and Silicon Valley businesses',
  },
  {
    city: 'Los Angeles',
    street: '777 South Figueroa Street, Suite 4100',
    cityLine: 'Los Angeles, CA 90017',
    phone: '(213) 555-0119',
    note: 'Greater Los Angeles and Inland Empire',
  },
  {
    city: 'San Diego',
    street: '402 West Broadway, Suite 1700',
    cityLine: 'San Diego, CA 92101',
    phone: '(619) 555-0148',
    note: 'San Diego County and the border region',
  },
];

export const OFFICE_HOURS: { days: string; hours: string }[] = [
  { days: 'Mon-Fri', hours: '9:00 AM-6:00 PM' },
  { days: 'Saturday', hours: 'By appointment' },
  { days: 'Sunday', hours: 'Closed' },
];

export const OFFICE_CITIES = OFFICES.map((o) => o.city);
