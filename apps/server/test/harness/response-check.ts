/**
 * Every integration test fails when one of the server's answers broke its endpoint's contract
 * (status or response schema of the shared endpoint table), even when the test itself did not look
 * at that answer.
 */
import { afterAll, afterEach, expect } from 'vitest';
import { takeResponseViolations } from '../../src/http/response-check.ts';

function expectNoViolation() {
  const violations = takeResponseViolations();
  expect(violations, `answers breaking their contract:\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

afterEach(expectNoViolation);
// Answers to calls made by the file's own hooks.
afterAll(expectNoViolation);
