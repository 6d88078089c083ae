import { LAST_UPDATED, LegalDocument } from "./legal-document";
import { SupportEmail } from "./support-email";

export function PrivacyContent() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated={LAST_UPDATED.privacy}
      intro={
        <p>
          Leakwarden protects creators whose work is copied without permission. This policy explains what we collect to do that, what we
          do with it and the rights you have over it. We are the controller of your personal data under the EU and UK General Data
          Protection Regulation (GDPR).
        </p>
      }
    >
      <section aria-labelledby="privacy-collected">
        <h2 id="privacy-collected">Information we collect</h2>
        <ul>
          <li>Account: your email address, a hash of your password (never the password itself), your confirmation that you are 18 or older.</li>
          <li>
            Identities you give us: stage names and the platforms they are on, nicknames, the content you want us to look for, and domains on
            your allow list.
          </li>
          <li>
            Reference images: only a fingerprint (a perceptual hash) computed in your own browser. The image itself never leaves your device,
            and it cannot be rebuilt from the fingerprint. If you choose to, a tiny blurred thumbnail is kept so you can recognise it.
          </li>
          <li>Findings: the links we find, the evidence that they are leaks, and the notices sent and their answers.</li>
          <li>Billing: your plan and payment status from our payment provider; never your card number.</li>
          <li>Usage: pages visited and actions taken, through our analytics provider, and technical logs (IP address, browser) kept for security.</li>
          <li>
            Signed-in devices: for each device signed in to your account, the network (IP) address and browser it last used and when. Settings
            shows them to you as a device, a place and a last-seen time, so that you can sign out one you do not recognise. The place is the
            country the address is in, looked up on our own server in a copy of DB-IP's free country database (
            <a href="https://db-ip.com">IP Geolocation by DB-IP</a>): your address is not sent to anyone for it. A device's record goes when it
            signs out, when you sign it out, or 30 days after it was last used.
          </li>
        </ul>
      </section>
      <section aria-labelledby="privacy-contact-form">
        <h2 id="privacy-contact-form">The contact form</h2>
        <p>
          A message sent through the contact form is not stored in our database. It is emailed to our support inbox with the topic you chose,
          your message, the email address to answer (your account's address, with your account's identifier, when you are signed in), a
          ticket reference such as LW-7K3QH9AD, the network address it came from and the time. We email the address you gave an
          acknowledgement with the ticket reference only (never your message, since anyone can type any address), at most three times a day to
          the same address. The support inbox keeps these emails while
          we answer you and follow up; ask us and we delete them, and deleting your account erases the copies our server keeps of emails to
          or about your address. Our technical log notes the ticket reference, the topic and whether you were signed in, never your message
          or address.
        </p>
        <p>
          To stop the form being abused we count messages: one counter for the network address a message comes from (five an hour) and one
          for the address a copy goes to (three a day). A counter holds a number, the time it started and a keyed one-way digest of the
          address, never the address itself, and it is deleted with the first message anyone sends once its day is over.
        </p>
      </section>
      <section aria-labelledby="privacy-use">
        <h2 id="privacy-use">How we use it</h2>
        <p>
          To provide the service you signed up for: searching for your content, matching pages against your names and fingerprints, sending
          takedown notices on your behalf as your authorized agent, checking that links come down and emailing you about new leaks. We also
          use it to bill you, to keep the service secure and to improve it. Our legal bases are the performance of our contract with you, our
          legitimate interest in security and improvement, and your consent for analytics where the law requires it.
        </p>
      </section>
      <section aria-labelledby="privacy-disclosure">
        <h2 id="privacy-disclosure">Disclosure</h2>
        <p>
          A takedown notice necessarily discloses the link, a description of your work and the profiles that prove it is yours. Notices go
          out in Leakwarden's name: your legal name and email address are not sent unless you ask us to. We share data with the providers
          that run the service for us (hosting, email delivery, payments, analytics) under contracts that oblige them to protect it, and with
          authorities when the law requires it. We never sell your data.
        </p>
      </section>
      <section aria-labelledby="privacy-choices">
        <h2 id="privacy-choices">Your choices and rights</h2>
        <p>Under the GDPR you may, at any time and free of charge:</p>
        <ul>
          <li>access the personal data we hold about you and receive a copy in a portable format;</li>
          <li>have inaccurate data corrected, and have your data erased;</li>
          <li>restrict or object to processing, including analytics;</li>
          <li>withdraw any consent you have given, without affecting what was done before.</li>
        </ul>
        <p>
          To use any of these rights, write to <SupportEmail /> from the address of your account. We answer within one month. You may also
          complain to your local data protection authority.
        </p>
      </section>
      <section aria-labelledby="privacy-export">
        <h2 id="privacy-export">Downloading your data</h2>
        <p>
          In your Settings, "Download my data" gives you at once a zip file of JSON and CSV files with everything we keep about you: your
          account, your identities (stage names, nicknames, verified profiles), your reference images' details, the leaks we found with their
          evidence, your takedowns with the notices sent and the replies received, your alert settings and the alerts sent, and your billing
          state. It holds nothing about anyone else. Your password (we keep only a hash of it), sign-in tokens and image fingerprints are not in
          it.
        </p>
      </section>
      <section aria-labelledby="privacy-deletion">
        <h2 id="privacy-deletion">Deleting your account</h2>
        <p>
          In your Settings, "Delete my account" asks for your password (or, for an account that signs in with Google, a fresh Google sign-in).
          Every device is then signed out, we email you to confirm and we send you no more alerts. For 7 days you can change your mind: signing in cancels the deletion,
          and we tell you so when you sign in. After 7 days we erase your account and everything we keep about you, including any copy our
          server keeps of the emails sent to you, about your address or in your name.
        </p>
        <p>
          The only thing we keep is the minimal record the law requires of each takedown notice sent in your name: its date, its recipient,
          the link it named and the statement it made. That record is kept apart from any account and holds nothing else about you: no name,
          no email address, no signature. We email you once the erasure is done.
        </p>
      </section>
      <section aria-labelledby="privacy-security">
        <h2 id="privacy-security">Security</h2>
        <p>
          Connections are encrypted, passwords are stored only as hashes, sessions use secure cookies, and access to data inside our team is
          limited to what each task needs. We keep your data while your account is open, and erase it when you delete your account as
          described above.
        </p>
      </section>
      <section aria-labelledby="privacy-changes">
        <h2 id="privacy-changes">Changes</h2>
        <p>
          When we change this policy we update the date above, and we email you before any change that affects how your data is used.
        </p>
      </section>
      <section aria-labelledby="privacy-contact">
        <h2 id="privacy-contact">Contact</h2>
        <p>
          For any question about your data or this policy, write to <SupportEmail />.
        </p>
      </section>
    </LegalDocument>
  );
}
