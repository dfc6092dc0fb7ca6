/** The part of a fetch Response these rules read; the body is read by the caller and passed in as text. */
export interface ResponseLike {
  ok: boolean;
  status: number;
  statusText: string;
  headers?: { get(name: string): string | null };
}
