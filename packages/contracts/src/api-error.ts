import { z } from 'zod';

/** The error body every service answers with. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const validationErrorCode = 'VALIDATION_ERROR';

/** Turns a zod failure into the 400 body: the first human message up front, every issue listed. */
export function formatZodError(error: z.ZodError): ApiError {
  const errors = error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  return {
    message: errors[0]?.message ?? 'Invalid input',
    code: validationErrorCode,
    errors,
  };
}
