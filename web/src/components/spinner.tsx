/** The one loading indicator: announced to screen readers, hidden animation under reduced motion. */
export function Spinner({ label = "Loading", className = "" }: { label?: string; className?: string }) {
  return (
    <div role="status" className={`flex items-center justify-center py-12 ${className}`}>
      <span aria-hidden="true" className="h-10 w-10 animate-spin rounded-full border-4 border-purple-200 border-t-purple-600" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
