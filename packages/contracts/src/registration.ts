import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './auth.js';
import { optionalText } from './text.js';


/** Registration payload (spec part 1 §3). Everything after role is optional free text. */
export const registrationSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  password: z.string(),
  confirmPassword: z.string(),
  role: z.string(),
  workingWithRepresentative: optionalText,
  interestedInSpecificBusiness: optionalText,
  availableFunds: optionalText,
  fundsSources: optionalText,
  minimumMoneyNeeded: optionalText,
  totalPriceWilling: optionalText,
  lookingToBuyLocation: optionalText,
  address: optionalText,
  streetAddress: optionalText,
  city: optionalText,
  state: optionalText,
  zipCode: optionalText,
});
export type RegistrationPayload = z.infer<typeof registrationSchema>;

export const REGISTRATION_OPTIONAL_FIELDS = [
  'workingWithRepresentative', 'interestedInSpecificBusiness', 'availableFunds', 'fundsSources',
  'minimumMoneyNeeded', 'totalPriceWilling', 'lookingToBuyLocation', 'address', 'streetAddress',
  'city', 'state', 'zipCode',
] as const;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The eight registration checks of spec part 1 §5, in order; returns the first failure's message or null.
 * Used by the form (client) and by identity (server), so both speak with the same words.
 */
export function firstRegistrationError(p: Partial<Record<string, unknown>>): string | null {
  const s = (k: string) => (typeof p[k] === 'string' ? (p[k] as string) : '');
  if (!s('name').trim()) return 'Name is required';
  if (!s('email').trim()) return 'Email is required';
  if (!EMAIL_PATTERN.test(s('email').trim())) return 'Please enter a valid email address';
  if (!s('phone').trim()) return 'Phone number is required';
  if (!s('password')) return 'Password is required';
  if (s('password').length < MIN_PASSWORD_LENGTH) return 'Password must be at least 6 characters long';
  if (s('password') !== s('confirmPassword')) return 'Passwords do not match';
  const role = s('role').toUpperCase();
  if (role !== 'BUYER' && role !== 'SELLER') return 'Please select whether you are a buyer or seller';
  return null;
}

export const REGISTRATION_DUPLICATE_EMAIL = 'An account with this email already exists. Please sign in or reset your password.';
