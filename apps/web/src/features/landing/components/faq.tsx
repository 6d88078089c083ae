import { useId, useRef, useState, type KeyboardEvent } from "react";
import { ChevronIcon } from "../../../components/icons";

export const faqs: { question: string; answer: string }[] = [
  {
    question: "How do you find leaks of my content?",
    answer:
      "We search for your stage names, nicknames and the content you describe across search engines, known leak sites, forums and social networks, then open each page and check it. A page counts as a leak only when it names you in a leak context or shows an image matching one of your reference images. Your own profiles and the domains on your allow list never count.",
  },
  {
    question: "Who sends the DMCA notices, and is my legal name on them?",
    answer:
      "We send them as your authorized agent, in Leakwarden's name, citing the stage names you have proven are yours. Your legal name is not sent to the sites unless you choose to show it as the copyright owner. Notices go to the site's DMCA or abuse contact first, then to its hosting provider and its domain registrar if the link stays up. No notice goes out before you have proven you own at least one of your accounts, and none before you choose a plan that includes takedowns.",
  },
  {
    question: "Do you guarantee that every link comes down?",
    answer:
      "Nobody honestly can: some sites ignore the law. What we do is re-check every link until it is gone, and when a site has not acted after a week, send the next notice to its hosting provider and then to its domain registrar. On Premium and VIP, the links that stay up are gathered into ready-made lists for Google's and Bing's removal forms, so that people searching for you stop finding them. Your dashboard shows which links came down and which are still up.",
  },
  {
    question: "Do you keep copies of my photos or videos?",
    answer:
      "No. When you add reference images, your browser turns each one into a fingerprint (a perceptual hash) and only that fingerprint is sent to us; a picture cannot be rebuilt from it. If you choose, a tiny blurred thumbnail goes with it, so that you recognise your references in the list. We keep your stage names, nicknames and the links we find, and you can ask us to delete them at any time.",
  },
  {
    question: "Can I cancel at any time?",
    answer:
      "Yes. Plans renew automatically and you can cancel from your account whenever you like; you keep your plan until the end of the period you paid for. Your first scan is free and needs no credit card, so you can see what is out there before you pay.",
  },
];

/** One question open at a time; arrow keys, Home and End move between the questions. */
export function Faq() {
  const [open, setOpen] = useState<number | null>(0);
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = faqs.length - 1;
    const target = { ArrowDown: index === last ? 0 : index + 1, ArrowUp: index === 0 ? last : index - 1, Home: 0, End: last }[e.key];
    if (target === undefined) return;
    e.preventDefault();
    buttons.current[target]?.focus();
  }

  return (
    <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-5 py-20 md:py-28">
      <p className="text-center text-sm font-semibold tracking-wide text-brand-400">FAQ</p>
      <h2 id="faq-title" className="mt-3 text-center text-3xl font-bold tracking-tight text-white sm:text-4xl">
        Questions creators ask us
      </h2>
      <div className="mt-12 divide-y divide-white/10 rounded-2xl border border-white/10 bg-ink-900">
        {faqs.map((item, index) => {
          const isOpen = open === index;
          const buttonId = `${baseId}-q${index}`;
          const panelId = `${baseId}-a${index}`;
          return (
            <div key={item.question}>
              <h3>
                <button
                  ref={(el) => {
                    buttons.current[index] = el;
                  }}
                  id={buttonId}
                  type="button"
                  aria-expanded={isOpen}
                  aria-controls={panelId}
                  onClick={() => setOpen(isOpen ? null : index)}
                  onKeyDown={(e) => onKeyDown(e, index)}
                  className="flex w-full items-center justify-between gap-4 px-5 py-5 text-left font-semibold text-white hover:text-brand-300 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-400 sm:px-6"
                >
                  {item.question}
                  <ChevronIcon className={`h-5 w-5 shrink-0 text-slate-400 transition-transform duration-200 ${isOpen ? "rotate-180" : ""}`} />
                </button>
              </h3>
              <div
                id={panelId}
                role="region"
                aria-labelledby={buttonId}
                hidden={!isOpen}
                className="max-h-96 overflow-y-auto px-5 pb-6 leading-relaxed text-slate-300 sm:px-6"
              >
                <p>{item.answer}</p>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
