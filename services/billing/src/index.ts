export { billingService } from './app.ts';
export { billingConfigSchema, type BillingConfig } from './config.ts';
