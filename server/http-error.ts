/** An error that becomes a JSON answer {message, field?} with its status (GUIDE §3). */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly field?: string,
    public readonly headers?: Record<string, string>,
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
export const unauthorized = (message: string) => new HttpError(401, message);
export const tooMany = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, { 'retry-after': String(retryAfterSeconds) });
