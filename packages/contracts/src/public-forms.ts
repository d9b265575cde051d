import { z } from 'zod';

export const CALIFORNIA_REGIONS = [
  'All California', 'Northern California', 'Greater Sacramento Region', 'East Bay', 'West Bay',
  'Los Angeles Region', 'San Diego Region', 'No Preference',
] as const;

export const PURCHASE_TIME_FRAMES = [
  '0-3 months', '3-6 months', '6-12 months', '1-2 years', 'More than 2 years', 'No specific timeframe',
] as const;

const optionalText = z.string().trim().max(2000).optional().nullable();

export const NDA_REQUIRED_MESSAGE = 'Please fill in all required fields and accept the agreement.';

/** NDA submission (spec part 1 §3). Required: first/last name, email, phone, password, listingInterest, agreement, signature. */
export const ndaSubmissionSchema = z.object({
  firstName: z.string().trim().min(1, NDA_REQUIRED_MESSAGE),
  lastName: z.string().trim().min(1, NDA_REQUIRED_MESSAGE),
  email: z.string().trim().min(1, NDA_REQUIRED_MESSAGE).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address'),
  phone: z.string().trim().min(1, NDA_REQUIRED_MESSAGE),
  password: z.string().min(1, NDA_REQUIRED_MESSAGE).min(6, 'Password must be at least 6 characters long'),
  organization: optionalText,
  addressLine1: optionalText,
  addressLine2: optionalText,
  city: optionalText,
  state: optionalText,
  zipCode: optionalText,
  listingInterest: z.union([z.string(), z.number()]).transform(String).pipe(z.string().min(1, NDA_REQUIRED_MESSAGE)),
  availableMoney: optionalText,
  minimumIncome: optionalText,
  totalPriceWilling: optionalText,
  californiaRegions: z.array(z.enum(CALIFORNIA_REGIONS)).optional().default([]),
  timeFrameToPurchase: z.union([z.enum(PURCHASE_TIME_FRAMES), z.literal('')]).optional().nullable(),
  agreementAccepted: z.literal(true, { message: NDA_REQUIRED_MESSAGE }),
  signature: z.string().trim().min(1, NDA_REQUIRED_MESSAGE),
});
export type NdaSubmission = z.input<typeof ndaSubmissionSchema>;

export const CONTACT_REQUIRED_MESSAGE = 'Please fill in all required fields.';
export const CONTACT_SUCCESS = 'Thank you for your message! We will get back to you soon.';
export const contactMessageSchema = z.object({
  firstName: z.string().trim().min(1, CONTACT_REQUIRED_MESSAGE).max(200),
  lastName: z.string().trim().min(1, CONTACT_REQUIRED_MESSAGE).max(200),
  email: z.string().trim().min(1, CONTACT_REQUIRED_MESSAGE).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address').max(320),
  phone: z.string().trim().min(1, CONTACT_REQUIRED_MESSAGE).max(50),
  subject: z.string().trim().min(1, CONTACT_REQUIRED_MESSAGE).max(300),
  message: z.string().trim().min(1, CONTACT_REQUIRED_MESSAGE).max(5000),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const CALLBACK_SUCCESS = 'Thank you! Your message has been sent. We will contact you soon.';
export const CALLBACK_FAILURE = 'Sorry, there was an error sending your message. Please try again.';
export const callbackRequestSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(200),
  lastName: z.string().trim().min(1, 'Last name is required').max(200),
  email: z.string().trim().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address').max(320),
  message: z.string().trim().max(5000).optional().default(''),
});
export type CallbackRequest = z.input<typeof callbackRequestSchema>;

export interface AvailableListing { id: string; title: string; price: number }
export interface AvailableListingsResponse { listings: AvailableListing[] }
