import type { z } from 'zod';

/** The messages of a failed parse (empty when it succeeded). */
export function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}
