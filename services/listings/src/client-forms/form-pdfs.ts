import {
  NDA_CERTIFICATE,
  NDA_CLAUSES,
  NDA_INTRO,
  PFS_ASSETS,
  PFS_LIABILITIES,
  QUESTIONNAIRE_SECTIONS,
  STAFFING_COLUMNS,
  WEEKLY_STAFFING_COLUMNS,
  formatUtcDateTime,
  formatWholeUsd,
  pfsTotals,
  type FinancialStatement,
  type NdaEvidence,
  type NdaForm,
  type PdfJobRequest,
  type Questionnaire,
} from '@brokerage/contracts';
import type { FormKind } from './client-forms.repository.js';

/** Who submitted, on which listing, when: the parts of a form PDF that are not the answers. */
export interface PdfContext {
  submissionId: string;
  listingId: string;
  listingTitle: string;
  ownerId: string;
  ownerName: string;
  submittedAt: Date;
}

/** The documents' idempotency key of one submission: the same submission is always the same PDF. */
export const formPdfKey = (submissionId: string) => `form-pdf:${submissionId}`;

const day = (d: Date) => d.toISOString().slice(0, 10);
const cut = (v: string, max = 5000) => (v.length > max ? v.slice(0, max) : v);
const fileName = (what: string, c: PdfContext) => cut(`${what} - ${c.ownerName} - ${day(c.submittedAt)}.pdf`, 200);

function base(kind: FormKind, title: string, c: PdfContext, ownerRole: 'SELLER' | 'BUYER'): PdfJobRequest {
  return {
    key: formPdfKey(c.submissionId),
    title,
    lines: [`Listing: ${cut(c.listingTitle, 400)}`, `Submitted by ${c.ownerName} on ${c.submittedAt.toISOString()}`],
    document: { type: kind, listingId: c.listingId, ownerId: c.ownerId, ownerRole, ownerName: cut(c.ownerName, 200), fileName: fileName(title, c) },
  };
}

/** A table as rows: one row per line of the table, its cells as "Column: value" (empty rows left out). */
function tableRows(rows: readonly Record<string, string>[], columns: readonly { name: string; label: string }[]) {
  return rows
    .filter((r) => columns.some((col) => (r[col.name] ?? '').trim()))
    .map((r, i) => ({
      label: `${i + 1}. ${r[columns[0]!.name] || '-'}`,
      value: cut(columns.slice(1).map((col) => `${col.label}: ${r[col.name] || '-'}`).join('; ')),
    }));
}

/** The seller questionnaire: the 60 answers under their 11 sections, then the two staffing tables. */
export function questionnairePdf(q: Questionnaire, c: PdfContext): PdfJobRequest {
  const answers = q as unknown as Record<string, string>;
  return {
    ...base('QUESTIONNAIRE', 'Seller Questionnaire', c, 'SELLER'),
    sections: [
      ...QUESTIONNAIRE_SECTIONS.map((s) => ({ heading: s.title, rows: s.questions.map((x) => ({ label: x.label, value: cut(answers[x.name] ?? '') })) })),
      { heading: 'Staffing', rows: tableRows(q.staffing, STAFFING_COLUMNS) },
      { heading: 'Weekly Staffing (hours per day)', rows: tableRows(q.weeklyStaffing, WEEKLY_STAFFING_COLUMNS) },
    ],
  };
}

/** The buyer NDA: the agreement text (intro and the 7 clauses), every field, the typed signature and its evidence. */
export function ndaPdf(n: NdaForm, e: NdaEvidence, c: PdfContext): PdfJobRequest {
  const b = base('NDA', 'Non-Disclosure Agreement', c, 'BUYER');
  return {
    ...b,
    lines: [...b.lines!, NDA_INTRO, ...NDA_CLAUSES.map((x, i) => `${i + 1}. ${x.title}. ${x.text}`)],
    sections: [
      {
        heading: 'Buyer',
        rows: [
          { label: 'First name', value: n.firstName }, { label: 'Last name', value: n.lastName },
          { label: 'Organization', value: n.organization }, { label: 'Email', value: n.email }, { label: 'Phone number', value: n.phone },
          { label: 'Address line 1', value: n.addressLine1 }, { label: 'Address line 2', value: n.addressLine2 },
          { label: 'City', value: n.city }, { label: 'State', value: n.state }, { label: 'ZIP code', value: n.zipCode },
        ],
      },
      {
        heading: 'Purchase Profile',
        rows: [
          { label: 'Listing of interest', value: cut(c.listingTitle) },
          { label: 'Available money', value: n.availableMoney }, { label: 'Minimum income', value: n.minimumIncome },
          { label: 'Total price willing to pay', value: n.totalPriceWilling },
          { label: 'California regions', value: n.californiaRegions.join(', ') },
          { label: 'Time frame to purchase', value: n.timeFrameToPurchase },
          { label: 'Agreement accepted', value: n.agreementAccepted ? 'Yes' : 'No' },
        ],
      },
    ],
    signature: {
      name: cut(e.signer, 200), signedAt: e.signedAt, ip: e.ip ? cut(e.ip, 64) : null, userAgent: e.userAgent ? cut(e.userAgent, 500) : null,
      textSha256: e.textSha256, textVersion: e.textVersion ?? null,
    },
    certificate: ndaCertificate(n, e, c),
  };
}

/** The NDA's last page (issue 24 §1): who signed, when, from where, which text (version and sha256), how to verify. */
function ndaCertificate(n: NdaForm, e: NdaEvidence, c: PdfContext): NonNullable<PdfJobRequest['certificate']> {
  const L = NDA_CERTIFICATE.labels;
  const notRecorded = 'not recorded';
  return {
    title: NDA_CERTIFICATE.title,
    rows: [
      { label: L.document, value: 'Non-Disclosure Agreement' },
      { label: L.listing, value: cut(c.listingTitle) },
      { label: L.signer, value: cut(e.signer) },
      { label: L.email, value: cut(n.email) },
      { label: L.signedAt, value: `${formatUtcDateTime(e.signedAt)} (${e.signedAt})` },
      { label: L.ip, value: e.ip ? cut(e.ip, 64) : notRecorded },
      { label: L.userAgent, value: e.userAgent ? cut(e.userAgent, 500) : notRecorded },
      ...(e.via ? [{ label: L.via, value: e.via === 'sign-up' ? NDA_CERTIFICATE.via.signUp : NDA_CERTIFICATE.via.portal }] : []),
      { label: L.textVersion, value: e.textVersion ?? notRecorded },
      { label: L.textSha256, value: e.textSha256 },
    ],
    lines: [...NDA_CERTIFICATE.howToVerify],
  };
}

const usd = (v: string) => (v ? formatWholeUsd(v) : '');

/** The personal financial statement: identity, assets, liabilities, totals, net worth and the certification. */
export function financialStatementPdf(f: FinancialStatement, c: PdfContext): PdfJobRequest {
  const t = pfsTotals(f);
  const money = f as unknown as Record<string, string>;
  return {
    ...base('FINANCIAL_STATEMENT', 'Personal Financial Statement', c, 'BUYER'),
    sections: [
      {
        heading: 'Statement of',
        rows: [
          { label: 'Name', value: f.name }, { label: 'Prepared on', value: f.preparedOn },
          { label: 'Mailing address', value: f.mailingAddress }, { label: 'Spouse name', value: f.spouseName },
        ],
      },
      { heading: 'Assets', rows: PFS_ASSETS.map((a) => ({ label: a.label, value: usd(money[a.name] ?? '') })) },
      { heading: 'Liabilities', rows: PFS_LIABILITIES.map((a) => ({ label: a.label, value: usd(money[a.name] ?? '') })) },
      {
        heading: 'Totals',
        rows: [
          { label: 'Total assets', value: formatWholeUsd(t.totalAssets) },
          { label: 'Total liabilities', value: formatWholeUsd(t.totalLiabilities) },
          { label: 'Net worth', value: formatWholeUsd(t.netWorth) },
        ],
      },
      {
        heading: 'Certification',
        rows: [
          { label: 'Statement', value: 'I certify that the information in this statement is true and complete to the best of my knowledge.' },
          { label: 'Signature', value: f.signature }, { label: 'Print name', value: f.printName },
          { label: 'Date', value: f.certificationDate },
        ],
      },
    ],
    signature: { name: cut(f.signature.trim() || f.printName.trim(), 200), signedAt: c.submittedAt.toISOString(), ip: null, userAgent: null, textSha256: null },
  };
}
