/** The footer's platform pages: how leaks of each platform's creators spread, and what Leakwarden does about them. */
export interface PlatformPage {
  path: "/onlyfans" | "/fansly" | "/chaturbate" | "/reddit";
  name: string;
  title: string;
  lead: string;
  spread: { heading: string; text: string }[];
  actions: string[];
}

const commonActions = [
  "Your first scan is free: it searches the web for your stage names and nicknames, opens every page it finds and lists the ones that are leaks, with the evidence.",
  "A page counts as a leak only when it names you in a leak context or shows an image that matches one of your reference images. Your own profiles and the domains on your allow list are never listed.",
  "Images are compared by fingerprint: your browser turns each reference image into perceptual hashes, and only those reach us (with a tiny blurred thumbnail if you choose), never the pictures.",
  "With a plan, we send DMCA notices in our name as your authorized agent, to the site first, then to its host and its domain registrar if the link stays up, and check every link until it is gone.",
  "With a plan, monitoring scans again on its schedule, from weekly to every six hours, and emails you when new leaks appear.",
];

export const platformPages: PlatformPage[] = [
  {
    path: "/onlyfans",
    name: "OnlyFans",
    title: "OnlyFans leak removal",
    lead: "Content behind an OnlyFans paywall is only as private as the least honest subscriber. Leakwarden finds where your posts have been copied and has them taken down.",
    spread: [
      {
        heading: "Subscribers who save and re-upload",
        text: "Most leaks start with a paying subscriber who saves photos and videos, or records the screen, and shares them. One subscription can copy a whole page's archive.",
      },
      {
        heading: "Leak forums and tube sites",
        text: "The files end up in threads on leak forums, in galleries on tube sites and on file hosts, usually titled with your stage name and the word leak so that they rank in searches for your name.",
      },
      {
        heading: "Search results and social posts",
        text: "Search engines then list those pages, and posts on social networks and Reddit link to them. People searching for you find the free copies next to your own page.",
      },
    ],
    actions: [
      "We search for your OnlyFans username together with your other stage names and nicknames, in search engines, on Reddit and in the search pages of known leak sites.",
      ...commonActions,
      "Proving you own the account takes a snippet in your profile's bio. Where a platform's profile pages cannot be read automatically, the proof panel says so and you can prove ownership with another of your accounts, such as Reddit.",
    ],
  },
  {
    path: "/fansly",
    name: "Fansly",
    title: "Fansly leak removal",
    lead: "Tiers, pay-per-view messages and bundles all end up in the same places once they leak. Leakwarden finds those copies and asks the people who host them to take them down.",
    spread: [
      {
        heading: "Content copied from tiers and messages",
        text: "Subscribers on higher tiers and buyers of pay-per-view messages save what they paid for and pass it on, sometimes sorted by tier so that others can skip paying.",
      },
      {
        heading: "Shared under your Fansly name",
        text: "The copies are posted to leak forums, tube sites and file hosts under your Fansly username, often alongside your other stage names, so that one search finds everything.",
      },
      {
        heading: "Found through search",
        text: "Search engines index those pages. A fan who searches for your name may find a free copy before your own profile.",
      },
    ],
    actions: ["We search for your Fansly username together with your other stage names and nicknames, in search engines, on Reddit and in the search pages of known leak sites.", ...commonActions],
  },
  {
    path: "/chaturbate",
    name: "Chaturbate",
    title: "Chaturbate recording removal",
    lead: "A live show can be recorded by anyone watching it. Leakwarden finds the recordings posted under your cam name and has them taken down.",
    spread: [
      {
        heading: "Recorded while you are live",
        text: "Viewers record public and private shows with screen recorders or tools made for the purpose, and some sites record broadcasts automatically.",
      },
      {
        heading: "Archives named after your room",
        text: "The recordings are posted to cam archive sites, tube sites and forums, titled with your room name and the date, so that they are easy to find by name.",
      },
      {
        heading: "Found long after the show",
        text: "Recordings stay up for years unless someone asks for their removal, and search engines keep listing them for searches of your cam name.",
      },
    ],
    actions: [
      "We search for your Chaturbate room name together with your other stage names and nicknames, in search engines, on Reddit and in the search pages of known leak sites.",
      ...commonActions,
      "Your shows are your work: a recording of them is a copy of it, and a DMCA notice can ask for its removal like any other.",
    ],
  },
  {
    path: "/reddit",
    name: "Reddit",
    title: "Reddit leak removal",
    lead: "Reddit is where many creators find their fans, and where many leaks are advertised. Leakwarden watches it for your names and acts on what it finds.",
    spread: [
      {
        heading: "Posts that link to leaks",
        text: "Posts in some communities share leaked photos directly or link to leak forums and file hosts, titled with your stage name so that searches on Reddit and on the web find them.",
      },
      {
        heading: "Accounts that pretend to be you",
        text: "Accounts with names close to yours repost your content to send your fans to scams or to someone else's page.",
      },
      {
        heading: "Your own posts, reposted",
        text: "Promotional posts you made are copied to other communities without you, sometimes with links changed to point elsewhere.",
      },
    ],
    actions: [
      "Every scan also searches Reddit itself for your stage names and nicknames, so posts that link to leaks are listed with the pages they link to.",
      ...commonActions,
      "Your Reddit account can prove you are you: put the snippet in your profile's bio and press Verify. We read it from your profile's public description, which only you can change.",
      "On Premium and VIP plans, impersonation monitoring looks up accounts whose names are close variants of yours and lists them, with what you need to report them.",
    ],
  },
];

export function platformPageFor(pathname: string): PlatformPage | undefined {
  return platformPages.find((p) => p.path === pathname);
}
