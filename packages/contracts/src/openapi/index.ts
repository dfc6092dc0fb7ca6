export { createOpenApiDocument, type OpenApiDocument } from './document.ts';
export * from './catalog.ts';
