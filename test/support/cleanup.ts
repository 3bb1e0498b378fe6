import { afterEach } from "vitest";

type Step = () => unknown;

/**
 * Registers an afterEach that runs the steps a test pushed, newest first (a process closes
 * before the folder it runs in is removed), and returns the push.
 */
export function cleanupAfterEach(): (...steps: Step[]) => void {
  const steps: Step[] = [];
  afterEach(async () => {
    for (const step of steps.splice(0).reverse()) await step();
  });
  return (...more) => {
    steps.push(...more);
  };
}
