import { describe, expect, it } from 'vitest';
import { loginRequestSchema, registerRequestSchema, returnToSchema, userSchema } from '../src/index.ts';
import { messagesOf } from './support.ts';

const valid = { email: 'ana@example.com', password: 'correct horse', confirmAge13: true };

describe('registerRequestSchema', () => {
  it.each([
    ['the password is short', { password: 'short' }, 'Password must be at least 8 characters'],
    [
      'the age is not confirmed',
      { confirmAge13: false },
      'You must be at least 13 years old to create an account',
    ],
    [
      'the age confirmation is missing',
      { confirmAge13: undefined },
      'You must be at least 13 years old to create an account',
    ],
    ['the email is invalid', { email: 'ana@' }, 'Please enter a valid email address'],
    [
      'the first name is too long',
      { firstName: 'a'.repeat(101) },
      'First name must be at most 100 characters',
    ],
  ])('when %s, then it fails with its message', (_case, override, message) => {
    expect(messagesOf(registerRequestSchema, { ...valid, ...override })).toContainEqual(message);
  });

  it('when the email has spaces and capitals, then it is trimmed and lower-cased', () => {
    expect(registerRequestSchema.parse({ ...valid, email: '  Ana@Example.COM ' }).email).toBe(
      'ana@example.com',
    );
  });
});

describe('loginRequestSchema', () => {
  it('when the password is empty, then it says a password is required', () => {
    expect(messagesOf(loginRequestSchema, { email: 'a@b.co', password: '' })).toContain(
      'Password is required',
    );
  });
});

describe('returnToSchema', () => {
  it.each([
    ['/favorites', '/favorites'],
    ['/?q=london', '/?q=london'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example', '/'],
    [undefined, '/'],
  ])('when returnTo is %j, then it becomes %j', (input, expected) => {
    expect(returnToSchema.parse(input)).toBe(expected);
  });
});

describe('userSchema', () => {
  it('when a stored user has no counters, then they default to 0 and role to user', () => {
    const user = userSchema.parse({
      id: '0b9f6f7e-3c1a-4f6e-9a51-2b7d1c0e8a11',
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: null,
      profileImageUrl: null,
      contributorBadge: null,
      createdAt: '2025-10-21T10:00:00.000Z',
      updatedAt: '2025-10-21T10:00:00.000Z',
    });
    expect(user).toMatchObject({ contributionPoints: 0, reviewsWritten: 0, role: 'user' });
    expect(user).not.toHaveProperty('password');
  });
});
