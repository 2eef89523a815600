import { afterEach, vi } from 'vitest';

// An unexpected console.error in a test is a bug somewhere: make it fail the test that caused it.
const errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});
afterEach(() => {
  if (errors.length) {
    const first = errors.splice(0).map((a) => a.map(String).join(' '));
    throw new Error(`console.error was called:\n${first.join('\n')}`);
  }
});
