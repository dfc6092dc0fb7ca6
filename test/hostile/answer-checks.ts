import { apiErrorSchema } from '@laundry/contracts';
import type { Expectation } from './hostile-requests.ts';
import { internalsPatterns } from './hostile-values.ts';
import type { RawAnswer } from './raw-http.ts';

/** What is wrong with an answer to a hostile request; empty when nothing is. */
export function answerProblems(
  answer: RawAnswer,
  expectation: Expectation,
  /** Values only their owner may ever see, unless the request itself named them. */
  secrets: string[],
  requestText: string,
): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`answered ${answer.status}`);
  if (expectation === 'refused' && (answer.status < 400 || answer.status > 499)) {
    problems.push(`answered ${answer.status} where it must be refused with a 4xx`);
  }
  if (typeof expectation === 'number' && answer.status !== expectation) {
    problems.push(`answered ${answer.status} where it must be ${expectation}`);
  }
  const headerText = JSON.stringify(answer.headers);
  for (const pattern of internalsPatterns) {
    if (pattern.test(answer.text)) problems.push(`the body shows internals (${pattern})`);
    if (pattern.test(headerText)) problems.push(`a header shows internals (${pattern})`);
  }
  if (answer.headers['x-powered-by']) problems.push('it names its framework (X-Powered-By)');
  for (const secret of secrets) {
    if (!requestText.includes(secret) && answer.text.includes(secret)) {
      problems.push(`it shows the victim's ${secret}`);
    }
  }
  if (answer.status >= 400 && /json/.test(answer.headers['content-type'] ?? '')) {
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      problems.push('its JSON error body does not parse');
    }
    if (body !== undefined && !apiErrorSchema.safeParse(body).success) {
      problems.push(`its error body is not the ApiError shape: ${answer.text.slice(0, 200)}`);
    }
  }
  return problems;
}
