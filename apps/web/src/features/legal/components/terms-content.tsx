import { Link } from "react-router";
import { LAST_UPDATED, LegalDocument } from "./legal-document";
import { SupportEmail } from "./support-email";

export function TermsContent() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated={LAST_UPDATED.terms}
      intro={
        <p>
          These terms govern your use of Leakwarden, a service that finds copies of your content published without your permission and
          asks the people who host them to take them down. By creating an account you accept them. You must be 18 or older, and you must
          own the content you ask us to protect or be authorized to act for the person who does.
        </p>
      }
    >
      <section aria-labelledby="terms-subscription">
        <h2 id="terms-subscription">1. Subscription service</h2>
        <p>
          Leakwarden is a subscription service. Every account can run a free scan, which lists the leaks we find. A paid plan adds
          takedown notices, automatic monitoring and the other features listed on the <Link to="/pricing">pricing page</Link>, within the
          limits of the plan you choose. We may improve or change features; we will not reduce what your current plan includes during a
          period you have already paid for.
        </p>
        <p>
          You agree to give accurate information about yourself and your accounts (stage names, nicknames, allow-listed domains), to keep
          your password secret, and to tell us if you believe someone else has used your account.
        </p>
      </section>
      <section aria-labelledby="terms-payment">
        <h2 id="terms-payment">2. Payment and fees</h2>
        <p>
          Prices are shown in US dollars on the pricing page, with every fee included. Payments are handled by our payment provider, which
          acts as merchant of record and may add sales tax or VAT where the law requires it. We never see or store your card number.
        </p>
        <p>
          A monthly plan is charged every month; a yearly plan is charged once a year, at the price of nine months. Prices may change, but a
          new price applies only from your next renewal and only after we have told you by email.
        </p>
      </section>
      <section aria-labelledby="terms-term">
        <h2 id="terms-term">3. Term and termination</h2>
        <ul>
          <li>Your subscription renews automatically at the end of each period (monthly for monthly plans) until you cancel it.</li>
          <li>You can cancel at any time from your account. You keep your plan until the end of the period you have paid for.</li>
          <li>
            We may suspend or close an account that breaks these terms, for example by asking us to take down content that belongs to
            someone else. If we end your subscription without such a cause, we refund the unused part of the period you paid for, prorated
            to the day.
          </li>
        </ul>
      </section>
      <section aria-labelledby="terms-ip">
        <h2 id="terms-ip">4. Intellectual property</h2>
        <p>
          Your content stays yours. You give us only the permission we need to protect it: to search for copies, to describe your work and
          cite your profiles in notices, and to keep the evidence of each leak. The Leakwarden software, name and site belong to us; you
          may not copy or resell them.
        </p>
      </section>
      <section aria-labelledby="terms-dmca">
        <h2 id="terms-dmca">5. DMCA removals</h2>
        <p>
          You appoint Leakwarden as your authorized agent to send notices under the Digital Millennium Copyright Act (17 U.S.C. §512) and
          similar laws elsewhere, on your behalf and in our name, for the links you approve. Each notice states, as the law requires, that
          the use is not authorized and that the information in it is accurate; you confirm that this is true for every link you approve.
          We send notices only after you have proven you own at least one of your accounts.
        </p>
        <p>
          We cannot guarantee that a site, host or search engine will remove a link: they decide, and some ignore the law. We re-check
          links, escalate to the host and registrar, and request search delisting, but we do not promise any particular result or
          timescale.
        </p>
      </section>
      <section aria-labelledby="terms-indemnification">
        <h2 id="terms-indemnification">6. Indemnification</h2>
        <p>
          You agree to compensate Leakwarden for claims, losses and costs, including reasonable legal fees, that arise because you asked us
          to act on content you do not own or gave us information you knew to be false. A notice that wrongly claims infringement can
          create liability under 17 U.S.C. §512(f); please approve only links to your own work.
        </p>
      </section>
      <section aria-labelledby="terms-warranties">
        <h2 id="terms-warranties">7. Disclaimer of warranties</h2>
        <p>
          The service is provided “as is” and “as available”. To the extent the law allows, we disclaim all warranties, express or implied,
          including fitness for a particular purpose and that every leak will be found or removed. Nothing in these terms limits rights you
          have as a consumer that cannot be limited by contract.
        </p>
        <p>
          Questions about these terms: write to <SupportEmail />.
        </p>
      </section>
    </LegalDocument>
  );
}
