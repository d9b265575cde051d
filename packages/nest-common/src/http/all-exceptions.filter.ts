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

/** Error codes that mean a dependency (PostgreSQL, Redis, S3, another service) is unreachable or going away. */
const DEPENDENCY_DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND',
  // PostgreSQL: admin/crash shutdown, cannot connect now, connection failures
  '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);
// `^timeout expired$`: pg's Client when a new connection got no answer within its connectionTimeoutMillis (a
// download burst at bench:viewer answered it 500)
const DEPENDENCY_DOWN_TEXT = /Connection terminated|timeout exceeded when trying to connect|^timeout expired$|Connection is closed|Command timed out|Stream isn't writeable|Reached the max retries per request|socket hang up|dependency timeout/i;

/**
 * True when the error says a dependency is down (not a bug): answered 503 "temporarily unavailable" at once, so a
 * client retries and the gateway may send a retry elsewhere (issue 20 §2: 503 with a clear message, never a hang).
 */
export function isDependencyDown(err: unknown): boolean {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown; driverError?: unknown } | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (typeof e.code === 'string' && DEPENDENCY_DOWN_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && DEPENDENCY_DOWN_TEXT.test(e.message)) return true;
    e = (e.driverError ?? e.cause) as typeof e;
  }
  return false;
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
  if (isDependencyDown(exception)) return { status: HttpStatus.SERVICE_UNAVAILABLE, body: { message: MSG.serviceUnavailable }, log: true };
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
    if (status === 503) (res as unknown as { setHeader(n: string, v: string): void }).setHeader('retry-after', '2');
    res.status(status).json(body);
  }
}
