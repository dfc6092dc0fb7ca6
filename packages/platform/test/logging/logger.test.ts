import { describe, expect, test } from 'vitest';
import { createLogger, logFormat } from '@laundry/platform/logging';

describe('the log format', () => {
  test('when LOG_FORMAT is not set, then a terminal gets pretty lines and anything else JSON', () => {
    expect(logFormat(undefined, true)).toBe('pretty');
    expect(logFormat(undefined, false)).toBe('json');
    expect(logFormat('', false)).toBe('json');
  });

  test('when LOG_FORMAT is set, then it is followed, terminal or not', () => {
    expect(logFormat('json', true)).toBe('json');
    expect(logFormat('pretty', false)).toBe('pretty');
  });

  test('when LOG_FORMAT is neither, then it is refused', () => {
    expect(() => logFormat('yaml', true)).toThrow(/LOG_FORMAT must be json or pretty/);
  });
});

/** A logger in the given format whose output is kept as text. */
function loggerWriting(format: 'json' | 'pretty') {
  const output: string[] = [];
  const logger = createLogger('test', 'info', { write: (line: string) => output.push(line) }, format);
  return { logger, output };
}

const requestLine = {
  req: { id: 'trace-me-1', method: 'GET', url: '/api/laundromats?q=paris' },
  res: { statusCode: 200 },
  responseTime: 12,
};

describe('pretty lines', () => {
  test("when a request's line is written, then it reads as one line: method, url, status and time", () => {
    const { logger, output } = loggerWriting('pretty');

    logger.info(requestLine, 'request completed');

    expect(output).toHaveLength(1);
    expect(output[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/laundromats\?q=paris 200 12 ms\n$/);
  });

  test("when an in-process service writes a line, then it starts with the service's name", () => {
    const { logger, output } = loggerWriting('pretty');

    logger.child({ service: 'review' }).info(requestLine, 'request aborted');

    expect(output[0]).toContain('INFO: review: GET /api/laundromats?q=paris 200 12 ms (request aborted)');
  });

  test('when a line is logged through req.log, then its request is named after the message, headers left out', () => {
    const { logger, output } = loggerWriting('pretty');

    logger.warn({ req: { ...requestLine.req, headers: { 'user-agent': 'curl' } } }, 'something odd');

    expect(output[0]).toContain('WARN: something odd (GET /api/laundromats?q=paris)');
    expect(output[0]).not.toContain('curl');
  });

  test.each(['json', 'pretty'] as const)(
    'when a line carries credentials, then %s leaves them out',
    (format) => {
      const { logger, output } = loggerWriting(format);

      logger.error(
        {
          err: Object.assign(new Error('upstream refused'), { headers: { cookie: 'sid=secret-1' } }),
          headers: { authorization: 'Bearer secret-2', 'x-internal-identity': 'secret-3' },
          password: 'secret-4',
        },
        'call failed',
      );

      expect(output.join('')).toContain('call failed');
      expect(output.join('')).not.toMatch(/secret-/);
    },
  );
});

describe('JSON lines', () => {
  test("when a request's line is written, then it is one JSON object with the request's fields", () => {
    const { logger, output } = loggerWriting('json');

    logger.info(requestLine, 'request completed');

    expect(JSON.parse(output[0]!)).toMatchObject({ name: 'test', msg: 'request completed', ...requestLine });
  });
});
