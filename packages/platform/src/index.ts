export * from './types.ts';
export * from './config.ts';
export * from './logger.ts';
export * from './errors.ts';
export * from './auth.ts';
export * from './http.ts';
export * from './service.ts';
