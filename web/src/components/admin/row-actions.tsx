import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { iconAction, textAction } from "./classes";

/**
 * The Actions cell of a table row: icon-only buttons and links, each named by `label` (its
 * accessible name and its tooltip), e.g. <RowAction label="Delete message" icon={Trash2} danger onClick={...} />.
 */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="flex items-center gap-1">{children}</div>;
}

/**
 * `withText` shows the label beside the icon: for an action whose icon alone reads as something
 * else (Publish / Unpublish are not "preview").
 */
export function RowAction({
  label,
  icon: Icon,
  onClick,
  danger = false,
  disabled = false,
  withText = false,
}: {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
  withText?: boolean;
}) {
  if (withText) {
    return (
      <button type="button" className={textAction} disabled={disabled} onClick={onClick}>
        <Icon aria-hidden="true" className="h-4 w-4" />
        {label}
      </button>
    );
  }
  return (
    <button type="button" className={`${iconAction} ${danger ? "hover:bg-red-50 hover:text-red-700" : ""}`} aria-label={label} title={label} disabled={disabled} onClick={onClick}>
      <Icon aria-hidden="true" className="h-4 w-4" />
    </button>
  );
}

export function RowActionLink({ label, icon: Icon, href }: { label: string; icon: LucideIcon; href: string }) {
  return (
    <a className={iconAction} href={href} aria-label={label} title={label}>
      <Icon aria-hidden="true" className="h-4 w-4" />
    </a>
  );
}
