/** An error that becomes a JSON answer {message, field?, reason?} with its status (docs/engineering.md#interfaces-others-rely-on). */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly field?: string,
    public readonly headers?: Record<string, string>,
    /** Machine-readable cause for the client (e.g. a 401's `account-deleted`, src/domain/outcome.ts). */
    public readonly reason?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field);
export const unprocessable = (message: string, field?: string) =>
  new HttpError(422, message, field);
export const conflict = (message: string, field?: string) => new HttpError(409, message, field);
export const notFound = (message: string) => new HttpError(404, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const unauthorized = (message: string, reason?: string) =>
  new HttpError(401, message, undefined, undefined, reason);
export const tooMany = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, { 'retry-after': String(retryAfterSeconds) });
