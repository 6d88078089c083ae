import { useSiteConfig } from "../../../lib/site-config";

/** The deployment's support address (SUPPORT_EMAIL), as a mail link once the site configuration has arrived. */
export function SupportEmail() {
  const config = useSiteConfig();
  if (!config) return <span>our support address</span>;
  return <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>;
}
