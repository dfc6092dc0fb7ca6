// Every service's HTTP shape (health, request ids and logging, identity, JSON bodies, the one error
// handler) and the server that runs it.
export { createServiceApp, type ReadinessCheck, type ServiceAppOptions } from './service-app.ts';
export { createHttpServer, stopOnSignals, type HttpServer } from './http-server.ts';
export { REQUEST_ID_HEADER, requestLogger } from './request-logger.ts';
export { errorHandler, notFoundHandler, toErrorResponse } from './error-handler.ts';
export { findNulField, MAX_NESTING, nulByteError, refuseNulBytes, tooDeeplyNested } from './nul-bytes.ts';
export { sendJsonText } from './send-json-text.ts';
export { audited, auditContextOf, auditedRoute } from './audited-route.ts';
export { LANGUAGE_COOKIE, requestLanguage, supportedLanguage } from './request-language.ts';
export {
  registeredRoutes,
  route,
  type OperationHandler,
  type OperationInput,
  type RegisteredRoute,
  type RouteOptions,
} from './operation-route.ts';
export { drainRequest, sendStoredDocument, uploadOf } from './stored-document.ts';
