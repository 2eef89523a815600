/** Daraja refused a request or could not be reached. `status` 0 means no HTTP answer at all. */
export class DarajaError extends Error {
  readonly status: number;
  readonly code: string | null;
  constructor(status: number, code: string | null, message: string) {
    super(message);
    this.name = 'DarajaError';
    this.status = status;
    this.code = code;
  }
}
