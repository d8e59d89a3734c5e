import { actionOutline } from "./classes";

/** What a screen or list shows when its first load failed: the message, and Retry when it can. */
export function LoadFailed({ onRetry, className = "py-8" }: { onRetry?: () => void; className?: string }) {
  return (
    <div className={`text-center ${className}`}>
      <p role="alert" className="text-sm font-medium text-red-800">
        Failed to load. Please try again.
      </p>
      {onRetry && (
        <button type="button" className={`${actionOutline} mt-3`} onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}
