import type { Request } from 'express';
import type { Language } from '@laundry/contracts';
import { requestLanguage } from '@laundry/platform/http';

/**
 * The checkout page's language, as the identity service's server pages pick theirs: the form's own
 * `language` field (so a refused card is shown again in the same language), ?lang=, then the language
 * cookie the shell keeps the visitor's choice in, then Accept-Language; else English.
 */
export const checkoutLanguage = (req: Request): Language => requestLanguage(req) ?? 'en';
