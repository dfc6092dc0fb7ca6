// Failures a caller can act on, each with the HTTP status it maps to; no dependency, so the domain may
// throw them without loading the HTTP stack.
export {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  tooManyRequests,
  unauthorized,
  type ApiErrorBody,
} from './app-error.ts';
