/** An error whose message is safe to show the visitor: it becomes `{statusCode, error, message}`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new HttpError(404, message);
export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'You have to be logged in to do that!') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do that') => new HttpError(403, message);
