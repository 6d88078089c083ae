import { Link } from "react-router";
import { useDocumentTitle } from "../../components/document-title";
import { usePageView } from "../../lib/analytics";
import { pageTitles } from "../page-titles";
import { PublicArticlePage } from "../public-article-page";

export function AboutRoute() {
  usePageView("about");
  useDocumentTitle(pageTitles["/about"]);
  return (
    <PublicArticlePage
      eyebrow="About Leakwarden"
      title="We find leaks of creators' work and have them taken down"
      lead={
        <p>
          Leakwarden is a subscription service for adult content creators who publish on subscription, cam and social platforms. It finds copies of their paid
          content published without their permission, lists the links, sends legally complete takedown notices to the people who can remove them, checks that
          they come down, and keeps watching.
        </p>
      }
    >
      <h2>How it works</h2>
      <ol>
        <li>
          <strong>You tell us who you are online.</strong> Your stage names on each platform, your nicknames, and the domains that are yours, so that we never
          report your own pages.
        </li>
        <li>
          <strong>We scan.</strong> We search the web, Reddit and known leak sites for your names, open every page we find and keep only the ones that are
          leaks, with the evidence. Reference images you add are compared by fingerprint.
        </li>
        <li>
          <strong>You prove the accounts are yours.</strong> A short snippet in a profile's bio shows that you, and not someone else, are asking for removals.
        </li>
        <li>
          <strong>We send the notices.</strong> As your authorized agent, in our name, to the site, then to its host and its registrar if the link stays up. A
          DMCA notice for copyright; a TAKE IT DOWN Act request for intimate images published without your consent.
        </li>
        <li>
          <strong>We check and keep watching.</strong> Every link is checked again until it is gone, and new scans run on your plan's schedule.
        </li>
      </ol>

      <h2>What we hold ourselves to</h2>
      <ul>
        <li>No notice goes out in your name before you have proven that you own at least one of your accounts.</li>
        <li>Your legal name stays private unless you choose to show it on the notices.</li>
        <li>
          Your photos and videos never leave your device: only fingerprints of your reference images reach us, and a tiny blurred thumbnail of each if you
          choose, so that you recognise them in the list.
        </li>
        <li>
          We show you only figures we measured. We do not promise that every link comes down, because no one honestly can; we show you which came down and
          which are still up.
        </li>
        <li>
          Your data is yours, under the GDPR. Read our <Link to="/privacy">Privacy Policy</Link> for what we keep and why.
        </li>
      </ul>

      <h2>Who it is for</h2>
      <p>
        Leakwarden is for adults: you must be 18 or older, and you must own the content you ask us to protect or be authorized to act for the person who does. It
        works for creators on OnlyFans, Fansly, Chaturbate, Reddit and the other platforms listed when you sign up.
      </p>

      <h2>Talk to us</h2>
      <p>
        Questions before you sign up, or help with your account: <Link to="/contact">write to us</Link>. A person reads every message. Prices are on the{" "}
        <Link to="/pricing">pricing page</Link>, and the <Link to="/blog">blog</Link> explains how takedowns work.
      </p>
    </PublicArticlePage>
  );
}
