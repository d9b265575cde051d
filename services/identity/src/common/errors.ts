import { HttpException, HttpStatus } from '@nestjs/common';
import { MSG } from '@brokerage/contracts';

/** Every error body is {message} (CONVENTIONS); these keep the text exact regardless of the global filter. */
export const httpError = (status: number, message: string) => new HttpException({ message }, status);
export const badRequest = (message: string) => httpError(HttpStatus.BAD_REQUEST, message);
export const unauthorized = (message: string = MSG.authRequired) => httpError(HttpStatus.UNAUTHORIZED, message);
export const forbidden = (message: string) => httpError(HttpStatus.FORBIDDEN, message);
export const notFound = (message: string = MSG.notFound) => httpError(HttpStatus.NOT_FOUND, message);
export const conflict = (message: string) => httpError(HttpStatus.CONFLICT, message);
