import type { DashboardSectionId } from "../dashboard-sections";

// Decorative line icons for the drawer, hidden from assistive technology.
const paths: Record<DashboardSectionId | "logout" | "support" | "contact", string> = {
  home: "M3 11.5 12 4l9 7.5M5.5 10v10h13V10",
  account: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7.5 8.5a7.5 7.5 0 0 1 15 0",
  billing: "M3 7h18v10H3zM3 10.5h18M7 14.5h3",
  leaks: "M12 3s6 6.5 6 11a6 6 0 0 1-12 0c0-4.5 6-11 6-11Z",
  takedowns: "M5 4h10l4 4v12H5zM9 13l2 2 4-4",
  alerts: "M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15L6 16Zm4 4h4",
  social: "M8 12a2.5 2.5 0 1 1-5 0 2.5 2.5 0 0 1 5 0Zm13-6a2.5 2.5 0 1 1-5 0 2.5 2.5 0 0 1 5 0Zm0 12a2.5 2.5 0 1 1-5 0 2.5 2.5 0 0 1 5 0ZM7.7 10.8l8.6-3.6M7.7 13.2l8.6 3.6",
  impersonator: "M4 19a6 6 0 0 1 10-4.5M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm7 3 5 5m0-5-5 5",
  upgrade: "M12 19V6m-6 6 6-6 6 6",
  logout: "M10 5H5v14h5m4-11 4 4-4 4m4-4H9",
  support: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-2.5-11.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5v.7m0 3v.1",
  contact: "M3 6h18v12H3zM3 7l9 6 9-6",
};

export function NavIcon({ name, className = "h-5 w-5" }: { name: keyof typeof paths; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className={className}>
      <path d={paths[name]} />
    </svg>
  );
}
