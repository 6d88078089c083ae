// Every route of the spec's route table, in one place.
export const paths = {
  home: "/",
  verify: "/verify",
  confirm: "/confirm",
  confirmed: "/auth/confirmed",
  terms: "/terms",
  privacy: "/privacy",
  pricing: "/pricing",
  signin: "/signin",
  signup: "/signup",
  onboardings: "/onboardings",
  onboarding: "/onboarding",
  dashboard: "/dashboard",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  settings: "/settings",
} as const;
