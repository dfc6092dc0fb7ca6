// Without zod, for pages that only need to recognise the codes.
export const geocodeErrorCodes = ['INVALID_QUERY', 'RATE_LIMIT', 'NETWORK_ERROR', 'NO_RESULTS'] as const;
