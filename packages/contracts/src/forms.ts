import { z } from 'zod';
import { CALIFORNIA_REGIONS, NDA_REQUIRED_MESSAGE, PURCHASE_TIME_FRAMES } from './public-forms.js';
import { TEXT_MAX, tooLong } from './text.js';

// ════════════════════════════════════════════════════════════════════════════════════════════════════════════════
// The three client forms of the journeys (spec part 2 §3, §5, §7, §8): the seller's questionnaire (seller step 3),
// the buyer's online NDA (buyer step 2) and personal financial statement (buyer step 3). One per (user, selected
// listing); save keeps a draft without required fields, submit validates and completes the step.
// ════════════════════════════════════════════════════════════════════════════════════════════════════════════════

export const FORM_STEPS = { questionnaire: 3, nda: 2, financialStatement: 3 } as const;

/** Spec part 2 §8, word for word. The "PDF …" successes are shown only when a PDF was requested (see `pdfRequested`). */
export const FORM_MSG = {
  questionnaireSaved: 'Questionnaire saved successfully!',
  questionnaireSaveFailed: 'Failed to save questionnaire. Please try again.',
  questionnaireSubmittedPdf: 'Questionnaire submitted successfully! PDF document has been generated.',
  questionnaireSubmitted: 'Questionnaire submitted successfully!',
  questionnaireSubmitFailed: 'Failed to submit questionnaire. Please try again.',
  ndaSaved: 'NDA saved successfully!',
  ndaSaveFailed: 'Failed to save NDA. Please try again.',
  ndaSubmittedPdf: 'NDA submitted successfully! PDF document has been generated.',
  ndaSubmitted: 'NDA submitted successfully!',
  ndaSubmitFailed: 'Failed to submit NDA. Please try again.',
  ndaRequired: NDA_REQUIRED_MESSAGE,
  unknownError: 'Unknown error occurred',
  pfsSaved: 'Financial statement saved successfully!',
  pfsSaveFailed: 'Failed to save financial statement',
  pfsSubmittedPdf: 'Financial statement submitted successfully! PDF document has been generated.',
  pfsSubmitted: 'Financial statement submitted successfully!',
  pfsSubmitFailed: 'Failed to submit financial statement',
  pfsRequired: 'Please fill in all required fields',
  pfsCurrentAdvice: 'Personal financial statements must be current within 90 days.',
  ndaConsentAgain: 'The Non-Disclosure Agreement has changed since you signed it. Please read it and accept it again.',
} as const;

/** A free-text answer: optional, bounded. Blank → ''. */
const answer = (label: string, max: number = TEXT_MAX.text) => z.string().max(max, tooLong(label, max)).optional().default('');

// ─── Seller questionnaire ────────────────────────────────────────────────────────────────────────────────────────

export interface QuestionDef {
  name: string;
  label: string;
}
export interface QuestionSection {
  title: string;
  questions: readonly QuestionDef[];
}

/** The 11 sections and their questions (spec part 2 §3 "Seller questionnaire": field names in the spec's order). */
export const QUESTIONNAIRE_SECTIONS = [
  {
    title: 'Business Summary and History',
    questions: [
      { name: 'businessDescription', label: 'Describe the business in a few sentences: what it does and for whom.' },
      { name: 'currentShareholders', label: 'Who are the current owners or shareholders, and what share does each hold?' },
      { name: 'companyFounded', label: 'When and by whom was the company founded?' },
      { name: 'businessHistory', label: 'Give a short history of the business, including changes of ownership or location.' },
      { name: 'majorAccomplishments', label: 'What are the major accomplishments or milestones of the business?' },
    ],
  },
  {
    title: 'Products and Services',
    questions: [
      { name: 'productsServicesDescription', label: 'Describe the products and services the business sells.' },
      { name: 'salesBreakdown', label: 'How do sales break down by product or service line (approximate percentages)?' },
      { name: 'seasonalProducts', label: 'Are any products or services seasonal? When are the peaks and the slow periods?' },
      { name: 'futureProducts', label: 'What new products or services could be added in the future?' },
      { name: 'competitionComparison', label: 'How do your products and services compare with those of competitors?' },
    ],
  },
  {
    title: 'Market and Customers',
    questions: [
      { name: 'marketDescription', label: 'Describe the market the business serves.' },
      { name: 'customerProfile', label: 'Who is the typical customer?' },
      { name: 'geographicMarket', label: 'What geographic area does the business serve?' },
      { name: 'marketPosition', label: 'What is the position of the business in its market?' },
      { name: 'industryTrends', label: 'What trends do you see in the industry?' },
      { name: 'top5Customers', label: 'Who are the top 5 customers, and what share of sales does each represent?' },
      { name: 'top3CustomersDescription', label: 'Describe the relationship with the top 3 customers (contracts, tenure).' },
    ],
  },
  {
    title: 'Sales and Marketing',
    questions: [
      { name: 'marketingPlan', label: 'Describe the current marketing plan.' },
      { name: 'mostRevenueMarketing', label: 'Which marketing activities bring in the most revenue?' },
      { name: 'internetPresence', label: 'Describe the internet presence of the business (website, social media, reviews).' },
      { name: 'futureMarketing', label: 'What marketing could a new owner do to grow the business?' },
      { name: 'salesPeople', label: 'How many sales people does the business have, and how are they paid?' },
      { name: 'keySalesPeople', label: 'Who are the key sales people, and will they stay after the sale?' },
      { name: 'salesProcessEfficiency', label: 'How efficient is the sales process, and how could it be improved?' },
    ],
  },
  {
    title: 'Competition',
    questions: [
      { name: 'competitionDescription', label: 'Describe the competition the business faces.' },
      { name: 'top3Competitors', label: 'Who are the top 3 competitors?' },
      { name: 'competitionBasis', label: 'On what basis do you compete (price, quality, service, location)?' },
      { name: 'competitiveAdvantages', label: 'What are the competitive advantages of the business?' },
      { name: 'competitiveWeaknesses', label: 'What are its competitive weaknesses?' },
      { name: 'futureCompetition', label: 'What changes in competition do you expect in the coming years?' },
    ],
  },
  {
    title: 'Operations',
    questions: [
      { name: 'distributionProcess', label: 'How are products or services delivered to customers?' },
      { name: 'ordersBillingsCollection', label: 'How are orders taken, billed and collected?' },
      { name: 'inventoryProcess', label: 'How is inventory purchased, tracked and counted?' },
      { name: 'pricingStructure', label: 'How are prices set, and when were they last changed?' },
      { name: 'operationDaysHours', label: 'What are the days and hours of operation?' },
      { name: 'pendingLitigation', label: 'Is there any pending or threatened litigation? Please describe.' },
    ],
  },
  {
    title: 'Organization',
    questions: [
      { name: 'keyEmployeesImportance', label: 'Which employees are key to the business, and why?' },
      { name: 'esopPlan', label: 'Is there an employee stock ownership plan, profit sharing or retirement plan?' },
    ],
  },
  {
    title: 'Owner Involvement',
    questions: [
      { name: 'financialKeeping', label: 'Who keeps the books and prepares the financial statements?' },
      { name: 'ownerManagement', label: 'What does the owner do day to day, and how many hours a week?' },
      { name: 'replacementManagement', label: 'What management would a new owner need to replace the owner?' },
      { name: 'sellingReason', label: 'Why are you selling the business?' },
      { name: 'requiredLicenses', label: 'What licenses or permits are required to operate the business?' },
    ],
  },
  {
    title: 'Facilities and Assets',
    questions: [
      { name: 'facilitiesDescription', label: 'Describe the facilities (size, layout, location).' },
      { name: 'facilitiesLeasedOwned', label: 'Are the facilities leased or owned? If leased, give the terms and expiry.' },
      { name: 'facilitiesUtilization', label: 'How fully are the facilities used? Is there room to grow?' },
      { name: 'assetsCondition', label: 'What is the condition of the furniture, fixtures and equipment?' },
      { name: 'capitalExpenditures', label: 'What capital expenditures were made in the last three years?' },
      { name: 'futureCapitalExpenditures', label: 'What capital expenditures will be needed in the next three years?' },
    ],
  },
  {
    title: 'Financial Overview',
    questions: [
      { name: 'financialTrends', label: 'Describe the trends of revenue and profit over the last three years.' },
      { name: 'revenueFactors', label: 'What factors drive revenue up or down?' },
      { name: 'increaseRevenue', label: 'How could a new owner increase revenue?' },
      { name: 'increaseProfitability', label: 'How could a new owner increase profitability?' },
      { name: 'shortTermDebt', label: 'What short-term debt does the business carry?' },
    ],
  },
  {
    title: 'Technology Overview',
    questions: [
      { name: 'technologyDescription', label: 'Describe the technology and software the business uses.' },
      { name: 'technologyUpToDate', label: 'Is the technology up to date?' },
      { name: 'newerTechnologyEfficiency', label: 'Would newer technology make the business more efficient? How?' },
      { name: 'ownTechnologyReliance', label: 'Does the business rely on technology it owns or developed?' },
      { name: 'otherImportantInfo', label: 'Is there any other information a buyer should know?' },
    ],
  },
] as const satisfies readonly QuestionSection[];

export type QuestionName = (typeof QUESTIONNAIRE_SECTIONS)[number]['questions'][number]['name'];
export const QUESTION_NAMES = QUESTIONNAIRE_SECTIONS.flatMap((s) => s.questions.map((q) => q.name)) as QuestionName[];

export const STAFFING_COLUMNS = [
  { name: 'titleJob', label: 'Title / Job' },
  { name: 'payRate', label: 'Pay Rate' },
  { name: 'weeklyHours', label: 'Weekly Hours' },
  { name: 'yearsOfService', label: 'Years of Service' },
  { name: 'healthInsurance', label: 'Health Insurance' },
  { name: 'vacationWeeks', label: 'Vacation Weeks' },
  { name: 'stayingWithBusiness', label: 'Staying with Business' },
] as const;
export const WEEKLY_STAFFING_COLUMNS = [
  { name: 'titleJob', label: 'Title / Job' },
  { name: 'mon', label: 'Mon' },
  { name: 'tue', label: 'Tue' },
  { name: 'wed', label: 'Wed' },
  { name: 'thu', label: 'Thu' },
  { name: 'fri', label: 'Fri' },
  { name: 'sat', label: 'Sat' },
  { name: 'sun', label: 'Sun' },
] as const;
export const STAFFING_MAX_ROWS = 100;
const CELL_MAX = 200;

const cell = (label: string) => answer(label, CELL_MAX);
const rowSchema = <T extends readonly { name: string; label: string }[]>(cols: T) =>
  z.object(Object.fromEntries(cols.map((c) => [c.name, cell(c.label)])) as { [K in T[number]['name']]: ReturnType<typeof cell> });

export const staffingRowSchema = rowSchema(STAFFING_COLUMNS);
export const weeklyStaffingRowSchema = rowSchema(WEEKLY_STAFFING_COLUMNS);
export type StaffingRow = z.infer<typeof staffingRowSchema>;
export type WeeklyStaffingRow = z.infer<typeof weeklyStaffingRowSchema>;

const answers = Object.fromEntries(
  QUESTIONNAIRE_SECTIONS.flatMap((s) => s.questions.map((q) => [q.name, answer('Each answer')])),
) as Record<QuestionName, ReturnType<typeof answer>>;

/** The questionnaire: no required fields (spec part 2 §5), for both save and submit. */
export const questionnaireSchema = z.object({
  ...answers,
  staffing: z.array(staffingRowSchema).max(STAFFING_MAX_ROWS, `At most ${STAFFING_MAX_ROWS} rows`).optional().default([]),
  weeklyStaffing: z.array(weeklyStaffingRowSchema).max(STAFFING_MAX_ROWS, `At most ${STAFFING_MAX_ROWS} rows`).optional().default([]),
});
export type Questionnaire = z.infer<typeof questionnaireSchema>;
export type QuestionnaireInput = z.input<typeof questionnaireSchema>;
export const questionnaireBodySchema = z.object({ questionnaire: questionnaireSchema });

export const emptyStaffingRow = (): StaffingRow =>
  Object.fromEntries(STAFFING_COLUMNS.map((c) => [c.name, ''])) as StaffingRow;
export const emptyWeeklyStaffingRow = (): WeeklyStaffingRow =>
  Object.fromEntries(WEEKLY_STAFFING_COLUMNS.map((c) => [c.name, ''])) as WeeklyStaffingRow;
export const emptyQuestionnaire = (): Questionnaire => ({
  ...(Object.fromEntries(QUESTION_NAMES.map((n) => [n, ''])) as Record<QuestionName, string>),
  staffing: [emptyStaffingRow()],
  weeklyStaffing: [emptyWeeklyStaffingRow()],
});

/** Shared shape of a form's state in the answers. */
export interface FormStatus {
  status: 'NEW' | 'DRAFT' | 'SUBMITTED';
  savedAt: string | null;
  submittedAt: string | null;
  /** True when the submit asked the documents service for the PDF (the "PDF document has been generated" texts). */
  pdfRequested: boolean;
}
export interface QuestionnaireResponse {
  questionnaire: Questionnaire & FormStatus;
}
export interface FormWriteResponse {
  message: string;
}

// ─── Buyer NDA ───────────────────────────────────────────────────────────────────────────────────────────────────

const regions = z.array(z.enum(CALIFORNIA_REGIONS)).max(CALIFORNIA_REGIONS.length).optional().default([]);
const timeFrame = z.union([z.enum(PURCHASE_TIME_FRAMES), z.literal('')]).optional().default('');

/** The online NDA as saved (no required fields). */
export const ndaFormSchema = z.object({
  firstName: answer('First name', TEXT_MAX.name),
  lastName: answer('Last name', TEXT_MAX.name),
  organization: answer('Organization', TEXT_MAX.short),
  email: answer('Email', TEXT_MAX.email),
  phone: answer('Phone number', TEXT_MAX.phone),
  addressLine1: answer('Address line 1', TEXT_MAX.short),
  addressLine2: answer('Address line 2', TEXT_MAX.short),
  city: answer('City', TEXT_MAX.name),
  state: answer('State', TEXT_MAX.name),
  zipCode: answer('ZIP code', 20),
  listingInterest: answer('Listing of interest', TEXT_MAX.id),
  availableMoney: answer('Available money', TEXT_MAX.short),
  minimumIncome: answer('Minimum income', TEXT_MAX.short),
  totalPriceWilling: answer('Total price willing to pay', TEXT_MAX.short),
  californiaRegions: regions,
  timeFrameToPurchase: timeFrame,
  agreementAccepted: z.boolean().optional().default(false),
  signature: answer('Signature', TEXT_MAX.short),
});
export type NdaForm = z.infer<typeof ndaFormSchema>;
export type NdaFormInput = z.input<typeof ndaFormSchema>;
export const ndaBodySchema = z.object({ nda: ndaFormSchema });

const filled = (v: string) => v.trim().length > 0;
/** Submit rule (spec part 2 §5): the signature is shown required but not checked. */
export const ndaSubmitReady = (n: NdaForm): boolean => ndaMissingFields(n).length === 0;
/** The fields the submit rule finds missing, in the form's order (the form marks each one, deviation 9). */
export function ndaMissingFields(n: NdaForm): Array<'firstName' | 'lastName' | 'email' | 'phone' | 'listingInterest' | 'agreementAccepted'> {
  const texts = (['firstName', 'lastName', 'email', 'phone', 'listingInterest'] as const).filter((k) => !filled(n[k]));
  return n.agreementAccepted ? [...texts] : [...texts, 'agreementAccepted'];
}

/** The signature evidence recorded at submit (printed on the PDF). */
export interface NdaEvidence {
  signedAt: string;
  signer: string;
  ip: string | null;
  userAgent: string | null;
  textSha256: string;
  /** contracts NDA_TEXT_VERSION at signature (absent on NDAs signed before versions were recorded). */
  textVersion?: string;
  /** Where it was signed: the public /nda sign-up or the portal's NDA step (absent on older NDAs). */
  via?: 'sign-up' | 'portal';
}
export interface NdaResponse {
  nda: NdaForm & FormStatus & { evidence: NdaEvidence | null; needsConsent: boolean; textSha256: string };
}

// ─── Personal financial statement ────────────────────────────────────────────────────────────────────────────────

export const PFS_ASSETS = [
  { name: 'checkingAccounts', label: 'Checking accounts' },
  { name: 'savingsAccounts', label: 'Savings accounts' },
  { name: 'certificatesOfDeposit', label: 'Certificates of deposit' },
  { name: 'securities', label: 'Securities (stocks, bonds, mutual funds)' },
  { name: 'notesReceivable', label: 'Notes receivable' },
  { name: 'personalProperty', label: 'Personal property (vehicles, furnishings)' },
  { name: 'realEstate', label: 'Real estate (market value)' },
  { name: 'lifeInsurance', label: 'Life insurance (cash surrender value)' },
  { name: 'retirementAccounts', label: 'Retirement accounts (IRA, 401(k))' },
  { name: 'otherAssets', label: 'Other assets' },
] as const;
export const PFS_LIABILITIES = [
  { name: 'creditCardDebt', label: 'Credit card debt' },
  { name: 'studentLoans', label: 'Student loans' },
  { name: 'vehicleLoans', label: 'Vehicle loans' },
  { name: 'realPropertyMortgages', label: 'Real property mortgages' },
  { name: 'notesPayable', label: 'Notes payable' },
  { name: 'otherLiabilities', label: 'Other liabilities' },
] as const;
type AssetName = (typeof PFS_ASSETS)[number]['name'];
type LiabilityName = (typeof PFS_LIABILITIES)[number]['name'];

const MONEY_MAX = 18;
/** Keeps only digits and the first decimal point (spec part 2 §5), e.g. "$1,250.5x" → "1250.5". */
export function cleanMoney(raw: string): string {
  const kept = raw.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  return dot < 0 ? kept : kept.slice(0, dot + 1) + kept.slice(dot + 1).replace(/\./g, '');
}
/** A money amount as an exact decimal string: digits with at most one decimal point, or ''. */
export const moneySchema = z
  .string()
  .max(MONEY_MAX, `Amounts must be at most ${MONEY_MAX} characters`)
  .regex(/^\d*\.?\d*$/, 'Amounts may hold only digits and one decimal point')
  .optional()
  .default('');

/** Exact sum of decimal strings (BigInt on the common scale), normalised: "1200.5" + "0.25" → "1200.75". */
export function sumMoney(values: readonly string[]): string {
  const parts = values.filter((v) => /\d/.test(v)).map((v) => (v.startsWith('.') ? `0${v}` : v).split('.'));
  const scale = Math.max(0, ...parts.map(([, f = '']) => f.length));
  const total = parts.reduce((acc, [i = '0', f = '']) => acc + BigInt((i || '0') + f.padEnd(scale, '0')), 0n);
  return fromScaled(total, scale);
}
/** a − b, exact; negative results carry a leading "-". */
export function subtractMoney(a: string, b: string): string {
  const [ai = '0', af = ''] = (a || '0').split('.');
  const [bi = '0', bf = ''] = (b || '0').split('.');
  const scale = Math.max(af.length, bf.length);
  return fromScaled(BigInt((ai || '0') + af.padEnd(scale, '0')) - BigInt((bi || '0') + bf.padEnd(scale, '0')), scale);
}
function fromScaled(n: bigint, scale: number): string {
  const neg = n < 0n;
  const digits = (neg ? -n : n).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}
/** Whole-dollar USD for display: "1250.6" → "$1,251". */
export function formatWholeUsd(amount: string): string {
  const n = Number(amount || '0');
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(
    Number.isFinite(n) ? n : 0,
  );
}

const dateText = z.union([z.iso.date('Dates must be YYYY-MM-DD'), z.literal('')]).optional().default('');

export const financialStatementSchema = z.object({
  name: answer('Name', TEXT_MAX.short),
  preparedOn: dateText,
  mailingAddress: answer('Mailing address', 500),
  spouseName: answer('Spouse name', TEXT_MAX.short),
  ...(Object.fromEntries(PFS_ASSETS.map((a) => [a.name, moneySchema])) as Record<AssetName, typeof moneySchema>),
  ...(Object.fromEntries(PFS_LIABILITIES.map((a) => [a.name, moneySchema])) as Record<LiabilityName, typeof moneySchema>),
  signature: answer('Signature', TEXT_MAX.short),
  printName: answer('Print name', TEXT_MAX.short),
  certificationDate: dateText,
});
export type FinancialStatement = z.infer<typeof financialStatementSchema>;
export type FinancialStatementInput = z.input<typeof financialStatementSchema>;
export const financialStatementBodySchema = z.object({ financialStatement: financialStatementSchema });

export const pfsSubmitReady = (f: Pick<FinancialStatement, 'name' | 'mailingAddress' | 'signature' | 'printName'>): boolean =>
  pfsMissingFields(f).length === 0;
/** The required fields of the statement left blank, in the form's order (the form marks each one, deviation 9). */
export const pfsMissingFields = (f: Pick<FinancialStatement, 'name' | 'mailingAddress' | 'signature' | 'printName'>) =>
  (['name', 'mailingAddress', 'signature', 'printName'] as const).filter((k) => !filled(f[k]));

export interface PfsTotals {
  totalAssets: string;
  totalLiabilities: string;
  netWorth: string;
}
export function pfsTotals(f: Partial<Record<AssetName | LiabilityName, string>>): PfsTotals {
  const totalAssets = sumMoney(PFS_ASSETS.map((a) => f[a.name] ?? ''));
  const totalLiabilities = sumMoney(PFS_LIABILITIES.map((a) => f[a.name] ?? ''));
  return { totalAssets, totalLiabilities, netWorth: subtractMoney(totalAssets, totalLiabilities) };
}
export interface FinancialStatementResponse {
  financialStatement: FinancialStatement & FormStatus & PfsTotals;
}
