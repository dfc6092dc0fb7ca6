import { describe, expect, it } from 'vitest';
import { apiErrorSchema, createLaundromatRequestSchema, formatZodError } from '../src/index.ts';

describe('formatZodError', () => {
  it('when a body has several bad fields, then the message is the first and every field is listed with its path', () => {
    const result = createLaundromatRequestSchema.safeParse({
      name: 'ab',
      address: '12 Main Street',
      city: 'Austin',
      country: 'US',
      latitude: 30.27,
      longitude: -97.74,
      hours: { monday: 'nope' },
      website: 'bad',
    });
    expect(result.success).toBe(false);
    const body = formatZodError(result.error!);
    expect(apiErrorSchema.parse(body)).toEqual(body);
    expect(body.message).toBe('Name must be at least 3 characters');
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.errors?.map((e) => e.path)).toEqual(['name', 'website', 'hours.monday']);
  });
});
