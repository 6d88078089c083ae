import { Suspense, use, type ReactNode } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router";
import { DemoBanner } from "../components/demo-banner";
import { NotFound } from "../components/not-found";
import { PageErrorBoundary } from "../components/page-error";
import { PageFallback } from "../components/page-fallback";
import { paths } from "../config/paths";
import { loadFullStylesheet, stylesReadyFor } from "../lib/full-stylesheet";
import { lazyPage, type LazyPage } from "./lazy-page";
import { LandingRoute } from "./routes/landing";

// The landing page is in the first chunk; every other page loads on demand.
const AppLayout = lazyPage(() => import("./routes/app-layout"), "AppLayout");
const RequireSession = lazyPage(() => import("./routes/require-session"), "RequireSession");
const PricingRoute = lazyPage(() => import("./routes/pricing"), "PricingRoute");
const TermsRoute = lazyPage(() => import("./routes/terms"), "TermsRoute");
const PrivacyRoute = lazyPage(() => import("./routes/privacy"), "PrivacyRoute");
const SignInRoute = lazyPage(() => import("./routes/signin"), "SignInRoute");
const SignUpRoute = lazyPage(() => import("./routes/signup"), "SignUpRoute");
const ConfirmRoute = lazyPage(() => import("./routes/confirm"), "ConfirmRoute");
const AuthConfirmedRoute = lazyPage(() => import("./routes/auth-confirmed"), "AuthConfirmedRoute");
const OnboardingRoute = lazyPage(() => import("./routes/onboarding-route"), "OnboardingRoute");
const DashboardRoute = lazyPage(() => import("./routes/dashboard-route"), "DashboardRoute");
const VerifyRoute = lazyPage(() => import("./routes/verify-route"), "VerifyRoute");
const PublicCodeRoute = lazyPage(() => import("./routes/public-code-route"), "PublicCodeRoute");
const ForgotPasswordRoute = lazyPage(() => import("./routes/forgot-password"), "ForgotPasswordRoute");
const ResetPasswordRoute = lazyPage(() => import("./routes/forgot-password"), "ResetPasswordRoute");
const SettingsRoute = lazyPage(() => import("./routes/settings-route"), "SettingsRoute");
const ContactRoute = lazyPage(() => import("./routes/contact"), "ContactRoute");
const AboutRoute = lazyPage(() => import("./routes/about"), "AboutRoute");
const PlatformRoute = lazyPage(() => import("./routes/platform"), "PlatformRoute");
const BlogIndexRoute = lazyPage(() => import("./routes/blog"), "BlogIndexRoute");
const BlogPostRoute = lazyPage(() => import("./routes/blog"), "BlogPostRoute");

/** The footer's platform pages, one component for the four. */
const platformPaths = [paths.onlyfans, paths.fansly, paths.chaturbate, paths.reddit] as const;

/** Holds a page back until the styles it needs have loaded (see lib/full-stylesheet). */
function PageStyles({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  if (!stylesReadyFor(pathname)) use(loadFullStylesheet());
  return children;
}

export function AppRoutes() {
  return (
    <>
      <DemoBanner />
      <PageErrorBoundary>
        <Suspense fallback={<PageFallback />}>
          <PageStyles>
            <Routes>
              <Route path={paths.home} element={<LandingRoute />} />
              <Route element={<AppLayout />}>
                <Route path={paths.pricing} element={<PricingRoute />} />
                <Route path={paths.terms} element={<TermsRoute />} />
                <Route path={paths.privacy} element={<PrivacyRoute />} />
                <Route path={paths.signin} element={<SignInRoute />} />
                <Route path={paths.signup} element={<SignUpRoute />} />
                <Route path={paths.confirm} element={<ConfirmRoute />} />
                <Route path={paths.confirmed} element={<AuthConfirmedRoute />} />
                <Route path={paths.forgotPassword} element={<ForgotPasswordRoute />} />
                <Route path={paths.resetPassword} element={<ResetPasswordRoute />} />
                <Route path={paths.onboarding} element={<Navigate to={paths.onboardings} replace />} />
                <Route path="/v/:code" element={<PublicCodeRoute />} />
                <Route path={paths.contact} element={<ContactRoute />} />
                <Route path={paths.about} element={<AboutRoute />} />
                <Route path={paths.blog} element={<BlogIndexRoute />} />
                <Route path={`${paths.blog}/:slug`} element={<BlogPostRoute />} />
                {platformPaths.map((p) => (
                  <Route key={p} path={p} element={<PlatformRoute />} />
                ))}
                <Route element={<RequireSession />}>
                  <Route path={paths.onboardings} element={<OnboardingRoute />} />
                  <Route path={`${paths.dashboard}/*`} element={<DashboardRoute />} />
                  <Route path={paths.verify} element={<VerifyRoute />} />
                  <Route path={paths.settings} element={<SettingsRoute />} />
                </Route>
              </Route>
              <Route path="*" element={<NotFound />} />
            </Routes>
          </PageStyles>
        </Suspense>
      </PageErrorBoundary>
    </>
  );
}

/** The pages written to HTML at build time, and the code each needs before it can hydrate. */
export const prerendered: Record<string, LazyPage[]> = {
  [paths.home]: [],
  [paths.pricing]: [AppLayout, PricingRoute],
  [paths.terms]: [AppLayout, TermsRoute],
  [paths.privacy]: [AppLayout, PrivacyRoute],
  [paths.signin]: [AppLayout, SignInRoute],
  [paths.signup]: [AppLayout, SignUpRoute],
  [paths.contact]: [AppLayout, ContactRoute],
  [paths.about]: [AppLayout, AboutRoute],
  [paths.blog]: [AppLayout, BlogIndexRoute],
  ...Object.fromEntries(platformPaths.map((p) => [p, [AppLayout, PlatformRoute]])),
};

/** Each blog post (/blog/<slug>) is prerendered too; prerender.tsx lists them from the posts. */
const blogPostPages = [AppLayout, BlogPostRoute];

export function prerenderedPagesFor(pathname: string): LazyPage[] {
  return prerendered[pathname] ?? (pathname.startsWith(`${paths.blog}/`) ? blogPostPages : []);
}

export async function preloadPage(pathname: string) {
  await Promise.all(prerenderedPagesFor(pathname).map((page) => page.preload()));
}
