export { createReviewService, type ReviewService } from './app.ts';
export { reviewConfigSchema, type ReviewConfig } from './config.ts';
