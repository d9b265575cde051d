import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './auth.js';
import { SELF_REGISTER_ROLES } from './roles.js';
import { TEXT_MAX, optionalText, tooLong } from './text.js';


/** A field of the registration form: any string up to `max` (the spec's eight checks below say what a valid one is). */
const formText = (label: string, max: number) => z.string({ error: `${label} is required` }).max(max, tooLong(label, max)).optional();

/**
 * Body of POST /auth/register (spec part 1 §3): bounded fields, then the spec's eight checks in their order
 * (firstRegistrationError, shared with the form). Output: trimmed name/phone, lower-case e-mail, upper-case role,
 * and the optional answers that are not blank as `profile`.
 */
export const registrationSchema = z
  .object({
    name: formText('Name', TEXT_MAX.short),
    email: formText('Email', TEXT_MAX.email),
    phone: formText('Phone number', TEXT_MAX.phone),
    password: formText('Password', TEXT_MAX.password),
    confirmPassword: formText('Password', TEXT_MAX.password),
    role: formText('Role', 20),
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
  })
  .superRefine((p, ctx) => {
    const message = firstRegistrationError(p);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform((p) => {
    const role = (p.role ?? '').toUpperCase() as (typeof SELF_REGISTER_ROLES)[number];
    // a seller's profile keeps no buyer answers (typed before switching the role to SELLER, they were hidden)
    const asked = role === 'SELLER' ? SELLER_PROFILE_FIELDS : REGISTRATION_OPTIONAL_FIELDS;
    return {
      name: (p.name ?? '').trim(),
      email: (p.email ?? '').trim().toLowerCase(),
      phone: (p.phone ?? '').trim(),
      password: p.password ?? '',
      role,
      profile: Object.fromEntries(
        asked.map((k) => [k, p[k]?.trim()] as const).filter((e): e is [typeof e[0], string] => !!e[1]),
      ) as Partial<Record<(typeof REGISTRATION_OPTIONAL_FIELDS)[number], string>>,
    };
  });
export type RegistrationPayload = z.input<typeof registrationSchema>;
export type Registration = z.output<typeof registrationSchema>;

export const REGISTRATION_OPTIONAL_FIELDS = [
  'workingWithRepresentative', 'interestedInSpecificBusiness', 'availableFunds', 'fundsSources',
  'minimumMoneyNeeded', 'totalPriceWilling', 'lookingToBuyLocation', 'address', 'streetAddress',
  'city', 'state', 'zipCode',
] as const;

/** The optional answers the form asks buyers only. */
export const BUYER_PROFILE_FIELDS = [
  'interestedInSpecificBusiness', 'availableFunds', 'fundsSources', 'minimumMoneyNeeded', 'totalPriceWilling', 'lookingToBuyLocation',
] as const;

/** The optional answers a seller is asked: all but the buyer-only ones. */
const SELLER_PROFILE_FIELDS = REGISTRATION_OPTIONAL_FIELDS.filter((k) => !(BUYER_PROFILE_FIELDS as readonly string[]).includes(k));

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The eight registration checks of spec part 1 §5, in order; returns the first failure's message or null.
 * Used by the form (client) and by identity (server), so both speak with the same words.
 */
export function firstRegistrationError(p: Partial<Record<string, unknown>>): string | null {
  return registrationErrors(p)[0]?.message ?? null;
}

/**
 * Every failing check of the registration form, in the spec's order (the first is the one the form shows; the form
 * marks every field listed, deviation 9). One entry per field: its first failing check.
 */
export function registrationErrors(p: Partial<Record<string, unknown>>): Array<{ field: RegistrationField; message: string }> {
  const s = (k: string) => (typeof p[k] === 'string' ? (p[k] as string) : '');
  const out: Array<{ field: RegistrationField; message: string }> = [];
  const fail = (field: RegistrationField, message: string) => out.push({ field, message });
  if (!s('name').trim()) fail('name', 'Name is required');
  if (!s('email').trim()) fail('email', 'Email is required');
  else if (!EMAIL_PATTERN.test(s('email').trim())) fail('email', 'Please enter a valid email address');
  if (!s('phone').trim()) fail('phone', 'Phone number is required');
  if (!s('password')) fail('password', 'Password is required');
  else if (s('password').length < MIN_PASSWORD_LENGTH) fail('password', 'Password must be at least 6 characters long');
  if (s('password') !== s('confirmPassword')) fail('confirmPassword', 'Passwords do not match');
  const role = s('role').toUpperCase();
  if (role !== 'BUYER' && role !== 'SELLER') fail('role', 'Please select whether you are a buyer or seller');
  return out;
}

export type RegistrationField = 'name' | 'email' | 'phone' | 'password' | 'confirmPassword' | 'role';

export const REGISTRATION_DUPLICATE_EMAIL = 'An account with this email already exists. Please sign in or reset your password.';
