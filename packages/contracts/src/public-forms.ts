import { z } from 'zod';
import { optionalText, requiredText } from './text.js';

export const CALIFORNIA_REGIONS = [
  'All California', 'Northern California', 'Greater Sacramento Region', 'East Bay', 'West Bay',
  'Los Angeles Region', 'San Diego Region', 'No Preference',
] as const;

export const PURCHASE_TIME_FRAMES = [
  '0-3 months', '3-6 months', '6-12 months', '1-2 years', 'More than 2 years', 'No specific timeframe',
] as const;


export const NDA_REQUIRED_MESSAGE = 'Please fill in all required fields and accept the agreement.';

/** NDA submission (spec part 1 §3). Required: first/last name, email, phone, password, listingInterest, agreement, signature. */
export const ndaSubmissionSchema = z.object({
  firstName: requiredText(NDA_REQUIRED_MESSAGE),
  lastName: requiredText(NDA_REQUIRED_MESSAGE),
  email: requiredText(NDA_REQUIRED_MESSAGE).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address'),
  phone: requiredText(NDA_REQUIRED_MESSAGE),
  password: z.string({ error: NDA_REQUIRED_MESSAGE }).min(1, NDA_REQUIRED_MESSAGE).min(6, 'Password must be at least 6 characters long'),
  organization: optionalText,
  addressLine1: optionalText,
  addressLine2: optionalText,
  city: optionalText,
  state: optionalText,
  zipCode: optionalText,
  listingInterest: z.union([z.string(), z.number()], { error: NDA_REQUIRED_MESSAGE }).transform(String).pipe(z.string().min(1, NDA_REQUIRED_MESSAGE)),
  availableMoney: optionalText,
  minimumIncome: optionalText,
  totalPriceWilling: optionalText,
  californiaRegions: z.array(z.enum(CALIFORNIA_REGIONS)).optional().default([]),
  timeFrameToPurchase: z.union([z.enum(PURCHASE_TIME_FRAMES), z.literal('')]).optional().nullable(),
  agreementAccepted: z.literal(true, { message: NDA_REQUIRED_MESSAGE }),
  signature: requiredText(NDA_REQUIRED_MESSAGE),
});
export type NdaSubmission = z.input<typeof ndaSubmissionSchema>;

export const CONTACT_REQUIRED_MESSAGE = 'Please fill in all required fields.';
export const CONTACT_SUCCESS = 'Thank you for your message! We will get back to you soon.';
export const contactMessageSchema = z.object({
  firstName: requiredText(CONTACT_REQUIRED_MESSAGE).max(200),
  lastName: requiredText(CONTACT_REQUIRED_MESSAGE).max(200),
  email: requiredText(CONTACT_REQUIRED_MESSAGE).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address').max(320),
  phone: requiredText(CONTACT_REQUIRED_MESSAGE).max(50),
  subject: requiredText(CONTACT_REQUIRED_MESSAGE).max(300),
  message: requiredText(CONTACT_REQUIRED_MESSAGE).max(5000),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const CALLBACK_SUCCESS = 'Thank you! Your message has been sent. We will contact you soon.';
export const CALLBACK_FAILURE = 'Sorry, there was an error sending your message. Please try again.';
export const callbackRequestSchema = z.object({
  firstName: requiredText('First name is required').max(200),
  lastName: requiredText('Last name is required').max(200),
  email: requiredText('Email is required').regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address').max(320),
  message: z.string().trim().max(5000).optional().default(''),
});
export type CallbackRequest = z.input<typeof callbackRequestSchema>;

export interface AvailableListing { id: string; title: string; price: number }
export interface AvailableListingsResponse { listings: AvailableListing[] }
