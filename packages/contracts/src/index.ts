export * from './roles.js';
export * from './auth.js';
export * from './registration.js';
export * from './public-forms.js';
export * from './messages.js';
export * from './identity-claims.js';
export * from './text.js';
export * from './firm.js';
