/**
 * What a slice's rules refuse, by kind, with the message the visitor sees. Services throw it and
 * know nothing of HTTP; the edges answer it (http/error-handler.ts maps each code to a status once).
 */
export type DomainErrorCode =
  /** The input breaks a rule (400) */
  | 'invalid'
  /** The caller may not do this to this item (403), beyond the route's declared access */
  | 'forbidden'
  | 'not_found'
  /** The state does not allow it now: already decided, changed meanwhile, nothing to act on (409) */
  | 'conflict'
  /** A provider failed to answer (502) */
  | 'upstream'
  /** A provider is not set up on this site (503) */
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    /** A page of this site the message is about ("/playlists/12"), sent as the error body's `link` */
    readonly link?: string,
  ) {
    super(message);
  }
}
