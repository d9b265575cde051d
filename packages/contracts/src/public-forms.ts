import { z } from 'zod';
import { TEXT_MAX, optionalText, requiredText, tooLong } from './text.js';

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
  firstName: requiredText(NDA_REQUIRED_MESSAGE).max(TEXT_MAX.name, tooLong('First name', TEXT_MAX.name)),
  lastName: requiredText(NDA_REQUIRED_MESSAGE).max(TEXT_MAX.name, tooLong('Last name', TEXT_MAX.name)),
  email: requiredText(NDA_REQUIRED_MESSAGE)
    .max(TEXT_MAX.email, tooLong('Email', TEXT_MAX.email))
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address'),
  phone: requiredText(NDA_REQUIRED_MESSAGE).max(TEXT_MAX.phone, tooLong('Phone number', TEXT_MAX.phone)),
  password: z
    .string({ error: NDA_REQUIRED_MESSAGE })
    .min(1, NDA_REQUIRED_MESSAGE)
    .min(6, 'Password must be at least 6 characters long')
    .max(TEXT_MAX.password, tooLong('Password', TEXT_MAX.password)),
  organization: optionalText,
  addressLine1: optionalText,
  addressLine2: optionalText,
  city: optionalText,
  state: optionalText,
  zipCode: optionalText,
  listingInterest: z
    .union([z.string().max(TEXT_MAX.id, NDA_REQUIRED_MESSAGE), z.number()], { error: NDA_REQUIRED_MESSAGE })
    .transform(String)
    .pipe(z.string().min(1, NDA_REQUIRED_MESSAGE)),
  availableMoney: optionalText,
  minimumIncome: optionalText,
  totalPriceWilling: optionalText,
  californiaRegions: z.array(z.enum(CALIFORNIA_REGIONS)).max(CALIFORNIA_REGIONS.length).optional().default([]),
  timeFrameToPurchase: z.union([z.enum(PURCHASE_TIME_FRAMES), z.literal('')]).optional().nullable(),
  agreementAccepted: z.literal(true, { message: NDA_REQUIRED_MESSAGE }),
  signature: requiredText(NDA_REQUIRED_MESSAGE).max(TEXT_MAX.short, tooLong('Signature', TEXT_MAX.short)),
});
export type NdaSubmission = z.input<typeof ndaSubmissionSchema>;

export const CONTACT_REQUIRED_MESSAGE = 'Please fill in all required fields.';
export const CONTACT_SUCCESS = 'Thank you for your message! We will get back to you soon.';
export const contactMessageSchema = z.object({
  firstName: requiredText(CONTACT_REQUIRED_MESSAGE).max(TEXT_MAX.short, tooLong('First name', TEXT_MAX.short)),
  lastName: requiredText(CONTACT_REQUIRED_MESSAGE).max(TEXT_MAX.short, tooLong('Last name', TEXT_MAX.short)),
  email: requiredText(CONTACT_REQUIRED_MESSAGE).max(TEXT_MAX.email, tooLong('Email', TEXT_MAX.email)).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address'),
  phone: requiredText(CONTACT_REQUIRED_MESSAGE).max(TEXT_MAX.phone, tooLong('Phone number', TEXT_MAX.phone)),
  subject: requiredText(CONTACT_REQUIRED_MESSAGE).max(300, tooLong('Subject', 300)),
  message: requiredText(CONTACT_REQUIRED_MESSAGE).max(TEXT_MAX.message, tooLong('Message', TEXT_MAX.message)),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const CALLBACK_SUCCESS = 'Thank you! Your message has been sent. We will contact you soon.';
export const CALLBACK_FAILURE = 'Sorry, there was an error sending your message. Please try again.';
export const callbackRequestSchema = z.object({
  firstName: requiredText('First name is required').max(TEXT_MAX.short, tooLong('First name', TEXT_MAX.short)),
  lastName: requiredText('Last name is required').max(TEXT_MAX.short, tooLong('Last name', TEXT_MAX.short)),
  email: requiredText('Email is required').max(TEXT_MAX.email, tooLong('Email', TEXT_MAX.email)).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address'),
  message: z.string().trim().max(TEXT_MAX.message, tooLong('Message', TEXT_MAX.message)).optional().default(''),
});
export type CallbackRequest = z.input<typeof callbackRequestSchema>;

/** GET /auth/available-listings: the NDA form's listing picker (ACTIVE listings only). */
export const availableListingSchema = z.object({ id: z.string(), title: z.string(), price: z.number() });
export type AvailableListing = z.infer<typeof availableListingSchema>;
export const availableListingsResponseSchema = z.object({ listings: z.array(availableListingSchema) });
export type AvailableListingsResponse = z.infer<typeof availableListingsResponseSchema>;

/** The 201 answer of the contact form and the call-back modal. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
