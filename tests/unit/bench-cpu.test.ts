import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain ES module of the benchmark scripts, without type declarations
import { calibratedCpuMultiplier } from "../../scripts/bench/site.mjs";

describe("calibratedCpuMultiplier (npm run bench:lighthouse -- --cpu auto)", () => {
  it("gives Lighthouse's default 4x on its reference machine and less on slower ones", () => {
    expect(calibratedCpuMultiplier(1533)).toBe(4);
    expect(calibratedCpuMultiplier(1300)).toBe(3);
    expect(calibratedCpuMultiplier(800)).toBe(2);
    expect(calibratedCpuMultiplier(150)).toBe(1);
  });

  it("interpolates between the calculator's points and keeps its slope above them", () => {
    expect(calibratedCpuMultiplier(1050)).toBeCloseTo(2.5);
    expect(calibratedCpuMultiplier(911)).toBeCloseTo(2.222, 3);
    expect(calibratedCpuMultiplier(2000)).toBeCloseTo(6, 1);
  });

  it("never slows a very slow machine's trace down below its measured speed", () => {
    expect(calibratedCpuMultiplier(90)).toBe(1);
  });
});
