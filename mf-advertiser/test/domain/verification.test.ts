import { describe, expect, it } from 'vitest';
import {
  canSubmitVerification,
  checkVerificationFile,
  emptyVerificationValues,
  validateVerification,
  verificationDisplay,
  verificationFormData,
  verificationMaxBytes,
  verificationServerErrors,
} from '../../src/domain/verification.ts';
import { english } from '../support/english.ts';

const pdf = { name: 'registration.pdf', type: 'application/pdf', size: 120_000 };

describe('the business document upload', () => {
  it('when the service refuses a PDF with active content, then the file field says so in the page language', () => {
    const errors = verificationServerErrors({
      code: 'DOCUMENT_ACTIVE_CONTENT',
      errors: [{ path: 'document', message: 'This PDF contains scripts' }],
    });
    expect(english(errors.document)).toMatch(/^This PDF contains scripts, actions or embedded files/);
  });

  it('when a PDF, JPEG, PNG or WebP up to 10 MB is chosen, then it may be sent', () => {
    for (const type of ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'])
      expect(checkVerificationFile({ ...pdf, type })).toBeNull();
    expect(checkVerificationFile({ ...pdf, size: verificationMaxBytes })).toBeNull();
  });

  it('when the browser names no type, then the extension decides', () => {
    expect(checkVerificationFile({ name: 'scan.JPG', type: '', size: 10 })).toBeNull();
    expect(english(checkVerificationFile({ name: 'scan.heic', type: '', size: 10 }) ?? undefined)).toBe(
      'Use a PDF, JPEG, PNG or WebP file',
    );
  });

  it('when the file is missing, of another type, too large or empty, then it says which', () => {
    expect(english(checkVerificationFile(null) ?? undefined)).toBe('Choose a file to upload');
    expect(english(checkVerificationFile({ ...pdf, type: 'image/gif' }) ?? undefined)).toBe(
      'Use a PDF, JPEG, PNG or WebP file',
    );
    expect(english(checkVerificationFile({ ...pdf, size: verificationMaxBytes + 1 }) ?? undefined)).toBe(
      'The file must be at most 10 MB',
    );
    expect(english(checkVerificationFile({ ...pdf, size: 0 }) ?? undefined)).toBe('The file is empty');
  });

  it('when the fields and file are fine, then the request holds the trimmed fields', () => {
    expect(
      validateVerification(
        { documentType: 'tax_certificate', documentNumber: ' 123 ', issuingAuthority: '' },
        pdf,
      ),
    ).toEqual({
      ok: true,
      request: { documentType: 'tax_certificate', documentNumber: '123', issuingAuthority: '' },
    });
  });

  it('when the type is unknown and no file is chosen, then both fields say so', () => {
    const result = validateVerification({ ...emptyVerificationValues(), documentType: 'passport' }, null);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(english(result.errors.documentType)).toBe('Choose a document type');
    expect(english(result.errors.document)).toBe('Choose a file to upload');
  });

  it('when the form is sent, then the multipart body has the three fields and the file as `document`', () => {
    const file = new File(['%PDF-1.4'], 'registration.pdf', { type: 'application/pdf' });
    const body = verificationFormData(
      { documentType: 'business_registration', documentNumber: 'HRB 1', issuingAuthority: 'Court' },
      file,
    );
    expect(body.get('documentType')).toBe('business_registration');
    expect(body.get('documentNumber')).toBe('HRB 1');
    expect(body.get('issuingAuthority')).toBe('Court');
    expect((body.get('document') as File).name).toBe('registration.pdf');
  });

  it('when the state is shown, then verified is the default style and rejected destructive, each with its text', () => {
    expect(verificationDisplay('verified').style).toBe('default');
    expect(verificationDisplay('rejected').style).toBe('destructive');
    expect(english(verificationDisplay('pending').label)).toBe('In review');
    expect(english(verificationDisplay('none').text)).toMatch(/official document/);
    expect(english(verificationDisplay('something else').label)).toBe('Not verified');
  });

  it('when a document is pending or verified, then no new one is asked for', () => {
    expect(canSubmitVerification('none')).toBe(true);
    expect(canSubmitVerification('rejected')).toBe(true);
    expect(canSubmitVerification('pending')).toBe(false);
    expect(canSubmitVerification('verified')).toBe(false);
  });
});
