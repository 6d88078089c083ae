import { Link } from "react-router";
import { useDocumentTitle } from "../../components/document-title";
import { PublicLayout } from "../../components/public-layout";
import { ContactForm } from "../../features/contact/components/contact-form";
import { SupportEmail } from "../../features/legal/components/support-email";
import { usePageView } from "../../lib/analytics";
import { pageTitles } from "../page-titles";

/** /contact: Help & Support and Contact Us (footer, dashboard). */
export function ContactRoute() {
  usePageView("contact");
  useDocumentTitle(pageTitles["/contact"]);
  return (
    <PublicLayout>
      <div className="mx-auto max-w-2xl px-5 pt-10 pb-20 md:pt-16 md:pb-28">
        <p className="text-sm font-semibold tracking-wide text-brand-400">Help &amp; Support</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-white sm:text-5xl">Contact us</h1>
        <p className="mt-4 text-lg leading-relaxed text-slate-300">
          A person reads every message and answers by email. You get a ticket reference by email at once.
        </p>
        <div className="mt-8 rounded-2xl border border-white/10 bg-ink-900 p-5 sm:p-8">
          <ContactForm />
        </div>
        <div className="mt-8 space-y-3 text-sm leading-relaxed text-slate-400 [&_a]:text-brand-300 [&_a]:underline [&_a]:underline-offset-2">
          <p>
            You can also write to <SupportEmail /> directly. To use your rights over your data, write from the address of your account; the{" "}
            <Link to="/privacy">Privacy Policy</Link> explains them.
          </p>
          <p>
            The <Link to="/blog">blog</Link> explains how scans, takedown notices and search delisting work.
          </p>
        </div>
      </div>
    </PublicLayout>
  );
}
