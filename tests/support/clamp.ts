/// <reference lib="dom" />
import { expect, type Locator } from "./test";

/**
 * Checks clamped text: each element shows whole lines only (its visible height, the smaller of its
 * box and its content, is a whole number of line heights, with no padding inside the clamped box),
 * and at most `max` of them. A box stretched past its clamp shows part of the next line.
 */
export async function expectWholeLines(elements: Locator, max: number) {
  const boxes = await elements.evaluateAll((els) =>
    els.map((el) => {
      const style = getComputedStyle(el);
      return {
        text: (el.textContent ?? "").slice(0, 30),
        shown: Math.min(el.clientHeight, el.scrollHeight),
        lineHeight: parseFloat(style.lineHeight),
        padding: parseFloat(style.paddingTop) + parseFloat(style.paddingBottom),
      };
    }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  for (const box of boxes) {
    const lines = (box.shown - box.padding) / box.lineHeight;
    expect(box.padding, box.text).toBe(0);
    expect(Math.abs(lines - Math.round(lines)), `${box.text}: ${lines} lines`).toBeLessThan(0.05);
    expect(Math.round(lines), box.text).toBeLessThanOrEqual(max);
  }
}
