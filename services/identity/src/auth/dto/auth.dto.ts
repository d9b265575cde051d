import {
  loginRequestSchema,
  registrationSchema,
  resetPasswordRequestSchema,
  restoreSessionRequestSchema,
} from '@brokerage/contracts';
import { createZodDto } from '@brokerage/nest-common';

export class RegisterBody extends createZodDto(registrationSchema) {}
export class LoginBody extends createZodDto(loginRequestSchema) {}
export class RestoreSessionBody extends createZodDto(restoreSessionRequestSchema) {}
/** Deviation 1: {email} asks for a link; {token, newPassword} sets the password. */
export class ResetPasswordBody extends createZodDto(resetPasswordRequestSchema) {}
