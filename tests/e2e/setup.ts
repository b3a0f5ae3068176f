import { afterEach, expect } from "vitest";
import { takeHydrationMismatches } from "../helpers/browser";

/**
 * Every e2e test fails on a hydration mismatch on any admin page it opened (decision 0083): a
 * time, or any text, drawn differently by the server and the browser. The listener is the
 * browser helper's (launchBrowser watches every context).
 */
afterEach(() => {
  expect(takeHydrationMismatches(), "React hydration mismatches on admin pages during this test").toEqual([]);
});
