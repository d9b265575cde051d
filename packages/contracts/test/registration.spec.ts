import { firstRegistrationError, registrationErrors, registrationSchema } from '@brokerage/contracts';

const valid = { name: 'Dana Ortiz', email: 'dana@example.com', phone: '916-555-0100', password: 'secret1', confirmPassword: 'secret1', role: 'BUYER' };

describe('registration checks run in spec order, first failure wins (spec part 1 §5)', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['name', { ...valid, name: '  ', email: '' }, 'Name is required'],
    ['email', { ...valid, email: '', phone: '' }, 'Email is required'],
    ['email format', { ...valid, email: 'dana@', phone: '' }, 'Please enter a valid email address'],
    ['phone', { ...valid, phone: '', password: '' }, 'Phone number is required'],
    ['password', { ...valid, password: '', role: '' }, 'Password is required'],
    ['password length', { ...valid, password: 'abc', confirmPassword: 'xyz' }, 'Password must be at least 6 characters long'],
    ['confirmation', { ...valid, confirmPassword: 'secret2', role: '' }, 'Passwords do not match'],
    ['role', { ...valid, role: 'BROKER' }, 'Please select whether you are a buyer or seller'],
  ];
  it.each(cases)('%s', (_label, payload, message) => {
    expect(firstRegistrationError(payload)).toBe(message);
  });

  it('accepts a complete payload, role in any case', () => {
    expect(firstRegistrationError(valid)).toBeNull();
    expect(firstRegistrationError({ ...valid, role: 'seller' })).toBeNull();
  });
});

describe('the registration profile', () => {
  const buyerAnswers = { availableFunds: '250000', lookingToBuyLocation: 'Sacramento', city: 'Davis', workingWithRepresentative: 'no' };

  it('keeps a buyer\'s answers, trimmed, and drops empty ones', () => {
    const r = registrationSchema.parse({ ...valid, ...buyerAnswers, fundsSources: '  ' });
    expect(r.profile).toEqual({ availableFunds: '250000', lookingToBuyLocation: 'Sacramento', city: 'Davis', workingWithRepresentative: 'no' });
  });

  it('keeps no buyer answers for a seller (typed before switching to SELLER, the form had hidden them)', () => {
    const r = registrationSchema.parse({ ...valid, role: 'seller', ...buyerAnswers });
    expect(r.role).toBe('SELLER');
    expect(r.profile).toEqual({ city: 'Davis', workingWithRepresentative: 'no' });
  });
});

describe('registrationErrors (deviation 9: every invalid field is marked)', () => {
  it('lists every failing field in the spec order, each with its first failing check', () => {
    expect(registrationErrors({ name: '', email: 'not-an-email', phone: '555', password: 'abc', confirmPassword: 'abd', role: '' })).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'email', message: 'Please enter a valid email address' },
      { field: 'password', message: 'Password must be at least 6 characters long' },
      { field: 'confirmPassword', message: 'Passwords do not match' },
      { field: 'role', message: 'Please select whether you are a buyer or seller' },
    ]);
    expect(registrationErrors({ name: 'Ada', email: 'a@b.co', phone: '1', password: 'secret1', confirmPassword: 'secret1', role: 'buyer' })).toEqual([]);
  });
});
