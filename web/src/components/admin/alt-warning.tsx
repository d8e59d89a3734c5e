import { TriangleAlert } from "lucide-react";

/** What an image without alt text is flagged with, by its field and in the post editor. */
export const NO_ALT_TEXT = "No alt text: describe the image for people who cannot see it.";

/** A visible, non-blocking warning beside an image that has no alt text (saving still works). */
export function AltWarning({ children = NO_ALT_TEXT }: { children?: string }) {
  return (
    <p data-testid="alt-warning" className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-amber-800">
      <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
