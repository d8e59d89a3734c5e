import { useEffect, type ReactNode } from "react";
import { useConfirm } from "./confirm-dialog";

/**
 * Leaving with unsaved changes asks first. The declarative router has no navigation blocker, so the
 * one guard lives here: a screen with unsaved work calls `useLeaveGuard(dirty)` and renders the
 * dialog it returns; the shell's links and Logout ask `mayLeave()` before they go, and closing or
 * reloading the tab gets the browser's own question (beforeunload).
 */
// One entry per guard with unsaved work on screen (several editors of one page may each have some).
const askers: (() => Promise<boolean>)[] = [];

/** True when nothing unsaved is on screen, or the admin chose to leave it. */
export function mayLeave(): Promise<boolean> {
  const ask = askers.at(-1);
  return ask ? ask() : Promise.resolve(true);
}

export function useLeaveGuard(dirty: boolean): ReactNode {
  const [dialog, confirm, settle] = useConfirm();
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    const mine = () =>
      confirm({
        title: "Leave this page?",
        message: "You have unsaved changes. If you leave now, they will be lost.",
        confirmLabel: "Leave without saving",
        cancelLabel: "Stay on this page",
      });
    window.addEventListener("beforeunload", onBeforeUnload);
    askers.push(mine);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      askers.splice(askers.indexOf(mine), 1);
      // Saved while the question was open (a field saved on blur as the admin clicked away):
      // nothing is at stake any more, so the navigation goes ahead.
      settle(true);
    };
  }, [dirty, confirm, settle]);
  return dialog;
}
