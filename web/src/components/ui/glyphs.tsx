/**
 * The few icons the entry chunk needs (header, hero, back to top), drawn from lucide's path data
 * (ISC). Everything else uses lucide-react, whose runtime then stays out of the entry chunk.
 */
const paths = {
  menu: ["M4 5h16", "M4 12h16", "M4 19h16"],
  x: ["M18 6 6 18", "m6 6 12 12"],
  arrowRight: ["M5 12h14", "m12 5 7 7-7 7"],
  arrowUp: ["m5 12 7-7 7 7", "M12 19V5"],
};

export function Glyph({ name, className = "h-5 w-5" }: { name: keyof typeof paths; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className={className}>
      {paths[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
