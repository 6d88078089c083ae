import { useParams } from "react-router";
import { useDocumentTitle } from "../../components/document-title";
import { PublicLayout } from "../../components/public-layout";
import { PublicCodeCard } from "../../features/identities/components/public-code-card";

/** /v/:code: the page behind the ownership snippet's link. Public; shows nothing private. */
export function PublicCodeRoute() {
  const { code = "" } = useParams();
  useDocumentTitle("Protected creator — Leakwarden");
  return (
    <PublicLayout>
      <section className="relative mx-auto max-w-3xl px-5 pt-12 pb-24 sm:pt-20">
        <div
          className="pointer-events-none absolute inset-x-0 -top-32 -z-10 h-96 bg-[radial-gradient(ellipse_at_top,rgba(225,29,72,0.22),transparent_65%)]"
          aria-hidden="true"
        />
        <PublicCodeCard code={code.toLowerCase()} />
      </section>
    </PublicLayout>
  );
}
