import { cleanMoney, formatWholeUsd, ndaFormSchema, ndaMissingFields, ndaSubmitReady, pfsMissingFields, pfsSubmitReady, pfsTotals, QUESTION_NAMES, QUESTIONNAIRE_SECTIONS, questionnaireSchema, sumMoney, subtractMoney } from '../src/forms.js';

describe('money of the personal financial statement', () => {
  it('typing keeps only digits and the first decimal point', () => {
    expect(cleanMoney('$12,000.4.9x')).toBe('12000.49');
    expect(cleanMoney('abc')).toBe('');
    expect(cleanMoney('.5')).toBe('.5');
  });

  it('sums exactly (no binary rounding) and subtracts to a signed result', () => {
    expect(sumMoney(['0.1', '0.2'])).toBe('0.3');
    expect(sumMoney(['12000.10', '0.20', '', '.7', '450000'])).toBe('462001');
    expect(sumMoney(['99999999999999999', '1'])).toBe('100000000000000000');
    expect(subtractMoney('100', '250.5')).toBe('-150.5');
    expect(subtractMoney('', '')).toBe('0');
  });

  it('totals and net worth from the fields; whole-dollar USD for display', () => {
    expect(pfsTotals({ checkingAccounts: '1000.5', realEstate: '2000', creditCardDebt: '500.25' })).toEqual({
      totalAssets: '3000.5',
      totalLiabilities: '500.25',
      netWorth: '2500.25',
    });
    expect(formatWholeUsd('1250.4')).toBe('$1,250');
    expect(formatWholeUsd('-150.5')).toBe('-$151');
    expect(formatWholeUsd('')).toBe('$0');
  });
});

describe('seller questionnaire', () => {
  it('11 sections in the spec order and every field name of the spec, once', () => {
    expect(QUESTIONNAIRE_SECTIONS.map((s) => s.title)).toEqual([
      'Business Summary and History', 'Products and Services', 'Market and Customers', 'Sales and Marketing', 'Competition',
      'Operations', 'Organization', 'Owner Involvement', 'Facilities and Assets', 'Financial Overview', 'Technology Overview',
    ]);
    expect(new Set(QUESTION_NAMES).size).toBe(QUESTION_NAMES.length);
    expect(QUESTION_NAMES).toContain('businessDescription');
    expect(QUESTION_NAMES).toContain('otherImportantInfo');
    expect(QUESTION_NAMES).toHaveLength(59);
  });

  it('an empty body is a valid draft with blank answers and no rows', () => {
    const q = questionnaireSchema.parse({});
    expect(q.sellingReason).toBe('');
    expect(q.staffing).toEqual([]);
  });
});

describe('missing required fields (deviation 9: the forms mark each one)', () => {
  it('lists the NDA fields the submit rule finds missing, in the form order', () => {
    const nda = ndaFormSchema.parse({ firstName: 'Ada', email: ' ', phone: '555', listingInterest: '' });
    expect(ndaMissingFields(nda)).toEqual(['lastName', 'email', 'listingInterest', 'agreementAccepted']);
    expect(ndaSubmitReady(nda)).toBe(false);
    const full = ndaFormSchema.parse({ firstName: 'Ada', lastName: 'L', email: 'a@b.co', phone: '1', listingInterest: 'x', agreementAccepted: true });
    expect(ndaMissingFields(full)).toEqual([]);
    expect(ndaSubmitReady(full)).toBe(true);
  });

  it('lists the financial statement fields left blank', () => {
    expect(pfsMissingFields({ name: 'Ada', mailingAddress: '', signature: ' ', printName: 'Ada' })).toEqual(['mailingAddress', 'signature']);
    expect(pfsSubmitReady({ name: 'Ada', mailingAddress: '1 Main', signature: 'Ada', printName: 'Ada' })).toBe(true);
  });
});
