/**
 * A request that passed the schema but cannot be served as asked (a local time that does not
 * exist, an unknown city...). Mapped to 422 in the HTTPValidationError shape; `alsoAt` names the
 * other fields of the same problem (one field sent under two spellings), each its own entry.
 */
export class RequestFieldError extends Error {
  constructor(
    readonly loc: (string | number)[],
    message: string,
    readonly type: string = 'value_error',
    readonly alsoAt: (string | number)[][] = [],
  ) {
    super(message);
  }
}
