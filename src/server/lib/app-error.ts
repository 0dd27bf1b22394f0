/** Thrown anywhere in a request; the one error handler turns it into `{message, errors?}`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (kind: 'Log' | 'Exercise' | 'Session' | 'User') =>
  new AppError(404, `${kind} not found`);

/** No session cookie, or its session expired or was revoked. */
export const notSignedIn = () => new AppError(401, 'Not authorized, please log in');
