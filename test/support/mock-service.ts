import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createMockService, type MockServiceOptions } from '../../src/testing/index.js';

/**
 * Starts MSW with the mock's handlers for the current test file; every test starts from a fresh store.
 * Clients built with `{ apiKey: mock.apiKey }` and no baseUrl reach the mock (sandbox URLs).
 */
export function useMockService(options?: MockServiceOptions) {
  const mock = createMockService(options);
  const server = setupServer(...mock.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    mock.reset();
    server.resetHandlers();
  });
  afterAll(() => server.close());
  return { mock, server };
}
