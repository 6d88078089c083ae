// The drawer's items in the spec's order (index in comments) and where each lives in the URL.

export type DashboardSectionId = "home" | "account" | "billing" | "leaks" | "takedowns" | "alerts" | "social" | "impersonator" | "upgrade";

export interface DashboardSection {
  id: DashboardSectionId;
  label: string;
  /** Relative to /dashboard; "" is Home. */
  path: string;
}

export const dashboardSections: Record<DashboardSectionId, DashboardSection> = {
  home: { id: "home", label: "Home", path: "" }, // 0
  account: { id: "account", label: "Account", path: "account" }, // 1
  billing: { id: "billing", label: "Billing", path: "billing" }, // 2
  leaks: { id: "leaks", label: "Leaks", path: "leaks" }, // 3
  takedowns: { id: "takedowns", label: "Takedown Requests", path: "takedowns" }, // 4
  alerts: { id: "alerts", label: "Custom Alert", path: "alerts" }, // 5
  social: { id: "social", label: "Social Media", path: "social" }, // 6
  impersonator: { id: "impersonator", label: "Impersonator", path: "impersonator" }, // 7
  upgrade: { id: "upgrade", label: "Upgrade Plan", path: "upgrade" }, // 8
};

export const drawerGroups: { title: string; items: DashboardSectionId[] }[] = [
  { title: "Home", items: ["home", "account", "billing"] },
  { title: "Tools", items: ["leaks", "takedowns", "alerts", "social", "impersonator"] },
];

export function sectionHref(id: DashboardSectionId): string {
  const path = dashboardSections[id].path;
  return path ? `/dashboard/${path}` : "/dashboard";
}

/** The section a /dashboard URL shows (unknown paths: null). */
export function sectionFromPath(pathname: string): DashboardSectionId | null {
  const rest = pathname.replace(/^\/dashboard\/?/, "").replace(/\/+$/, "");
  const found = Object.values(dashboardSections).find((s) => s.path === rest);
  return found ? found.id : null;
}

/** 'Complete Profile n / 4': the real steps. */
export interface ProfileSteps {
  stageNameAdded: boolean;
  nicknameAdded: boolean;
  stageNameVerified: boolean;
  planChosen: boolean;
}

export function stepsDone(steps: ProfileSteps): number {
  return [steps.stageNameAdded, steps.nicknameAdded, steps.stageNameVerified, steps.planChosen].filter(Boolean).length;
}
