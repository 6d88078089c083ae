import { useId, type ReactNode } from "react";
import { AllowListEditor } from "./allow-list-editor";
import { NicknamesEditor } from "./nicknames-editor";
import { SpecificContentEditor } from "./specific-content-editor";
import type { PlansTarget } from "./plan-cap-notice";
import { StageNamesEditor } from "./stage-names-editor";

function IdentitySection({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-white/10 bg-ink-900 p-5 sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-white">
        {title}
      </h2>
      <p className="mt-1 mb-5 text-sm text-slate-400">{hint}</p>
      {children}
    </section>
  );
}

/** 'My Stage Names' of the identity page. */
export function StageNamesSection(props: PlansTarget) {
  return (
    <IdentitySection title="My Stage Names" hint="Please add your main accounts on all platforms you use.">
      <StageNamesEditor {...props} />
    </IdentitySection>
  );
}

/** 'My Nicknames' of the identity page. */
export function NicknamesSection(props: PlansTarget) {
  return (
    <IdentitySection title="My Nicknames" hint="Add any other unique names people may use to refer to you.">
      <NicknamesEditor {...props} />
    </IdentitySection>
  );
}

/** 'Allow List' of the identity page. */
export function AllowListSection(props: PlansTarget) {
  return (
    <IdentitySection title="Allow List" hint="If you have affiliate/marketing sites add these here as domains.">
      <AllowListEditor {...props} />
    </IdentitySection>
  );
}

/** The content she wants found first: what the onboarding asked, kept editable. */
export function SpecificContentSection() {
  return (
    <IdentitySection title="Looking for something specific?" hint="Name a set, a video or a post you want us to look for first. Titles and captions work best.">
      <SpecificContentEditor />
    </IdentitySection>
  );
}
