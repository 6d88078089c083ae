import type { toast as sonnerToast } from "sonner";

/**
 * Shows a toast with sonner, loaded on first use: the public pages, which never toast on their
 * own, do not download it. A toast asked for before the Toaster is on screen appears once it is
 * (sonner replays active toasts to a late Toaster).
 */
export function showToast(show: (toast: typeof sonnerToast) => void): void {
  import("sonner").then(
    ({ toast }) => show(toast),
    (error: unknown) => console.error("Could not load the toasts:", error),
  );
}
