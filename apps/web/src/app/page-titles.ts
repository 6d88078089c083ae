// Tab titles, also written into the prerendered pages' <title>.
export const pageTitles = {
  "/": "Leakwarden — DMCA takedowns and leak removal for creators",
  "/pricing": "Pricing — Leakwarden",
  "/terms": "Terms of Service — Leakwarden",
  "/privacy": "Privacy Policy — Leakwarden",
  "/signin": "Sign in — Leakwarden",
  "/signup": "Sign up — Leakwarden",
  "/confirm": "Confirm your email — Leakwarden",
  "/auth/confirmed": "Email confirmation — Leakwarden",
  "/onboardings": "Get started — Leakwarden",
  "/dashboard": "Dashboard — Leakwarden",
  "/forgot-password": "Forgot your password — Leakwarden",
  "/reset-password": "Set a new password — Leakwarden",
  "/settings": "Settings — Leakwarden",
} as const;
