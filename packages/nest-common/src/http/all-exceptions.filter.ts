import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { MSG } from '@brokerage/contracts';

export const GENERIC_ERROR_MESSAGE = MSG.somethingWrong;

const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'Invalid request',
  401: MSG.authRequired,
  403: 'You do not have permission to do this.',
  404: MSG.notFound,
  409: 'Conflict',
  413: 'The request is too large.',
  429: MSG.tooManyAttempts,
  501: MSG.notImplemented,
  503: MSG.serviceUnavailable,
};

export interface ErrorBody {
  message: string;
  field?: string;
}

function firstString(v: unknown): string | undefined {
  if (typeof v === 'string' && v.trim()) return v;
  if (Array.isArray(v)) return v.find((x): x is string => typeof x === 'string' && x.trim().length > 0);
  return undefined;
}

/** Turns an exception into the {message} body every route answers with. Unknown errors: 500, generic text, logged. */
export function toErrorResponse(exception: unknown): { status: number; body: ErrorBody; log: boolean } {
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const res = exception.getResponse();
    let message: string | undefined;
    let field: string | undefined;
    if (typeof res === 'string') message = res;
    else if (res && typeof res === 'object') {
      const r = res as Record<string, unknown>;
      message = firstString(r.message);
      if (typeof r.field === 'string') field = r.field;
    }
    // Framework-made 5xx without a deliberate text must not leak internals.
    if (status === 500 || (status >= 500 && !message)) message = undefined;
    const body: ErrorBody = { message: message ?? DEFAULT_MESSAGES[status] ?? (status >= 500 ? GENERIC_ERROR_MESSAGE : 'Request failed') };
    if (field) body.field = field;
    return { status, body, log: status >= 500 };
  }
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { message: GENERIC_ERROR_MESSAGE }, log: true };
}

/** Global filter: always {message} (+ field); 500 → "Something went wrong"; never a stack or SQL. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('AllExceptionsFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const { status, body, log } = toErrorResponse(exception);
    if (log && exception instanceof HttpException && status !== 500) {
      // A deliberate 5xx with its own text (e.g. 503 "Failed to submit NDA"): expected, no stack needed.
      this.logger.warn(`${status} ${body.message}`);
    } else if (log) {
      this.logger.error(
        exception instanceof Error ? { err: exception } : { err: String(exception) },
        exception instanceof Error ? exception.message : 'Unhandled error',
      );
    }
    if (host.getType() !== 'http') return;
    const res = host.switchToHttp().getResponse<{ headersSent?: boolean; status(code: number): { json(b: unknown): void } }>();
    if (res.headersSent) return;
    res.status(status).json(body);
  }
}
