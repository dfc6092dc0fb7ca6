/**
 * Another service did not answer in time, or answered something it should not have: the caller's request
 * becomes a 503 with the message given here (the service kit's error handler keeps status, message and code).
 */
export class ServiceUnavailableError extends Error {
  readonly status = 503;
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'ServiceUnavailableError';
  }
}
