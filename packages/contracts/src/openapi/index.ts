export { createOpenApiDocument, type OpenApiDocument } from './document.ts';
export {
  apiOperations,
  type ApiAccess,
  type ApiAnswer,
  type ApiErrorStatus,
  type ApiOperation,
  type ApiRequestBody,
  type ApiServiceName,
} from './operations.ts';
