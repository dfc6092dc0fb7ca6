import type { Request } from 'express';
import { requestLanguage } from '@laundry/platform/http';
import type { Language } from './messages.ts';

/** The language a request names (see requestLanguage), else English. */
export const languageOf = (req: Request): Language => requestLanguage(req) ?? 'en';
