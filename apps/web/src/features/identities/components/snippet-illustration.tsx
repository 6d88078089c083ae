import { useId } from "react";

/**
 * A profile page with the snippet pasted into its bio: the help image of the proof panel.
 * Drawn here (not a bitmap) so it shows the creator's own snippet and scales without blur.
 */
export function SnippetIllustration({ snippet }: { snippet: string }) {
  const id = useId();
  const cut = snippet.indexOf(" Enforced by ");
  const first = cut > 0 ? snippet.slice(0, cut) : snippet;
  const second = cut > 0 ? snippet.slice(cut + 1) : "";
  return (
    <svg viewBox="0 0 320 236" role="img" aria-labelledby={`${id}-title ${id}-desc`} className="h-auto w-full max-w-sm">
      <title id={`${id}-title`}>How to add snippet to your bio ?</title>
      <desc id={`${id}-desc`}>
        A profile page in edit mode. The snippet is pasted at the end of the bio text and the profile is saved.
      </desc>
      <defs>
        <linearGradient id={`${id}-cover`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#9f1239" />
          <stop offset="1" stopColor="#23232f" />
        </linearGradient>
      </defs>
      {/* the profile card */}
      <rect x="8" y="8" width="304" height="220" rx="18" fill="#161622" stroke="#3a3a4a" />
      <path d="M8 26a18 18 0 0 1 18-18h268a18 18 0 0 1 18 18v36H8Z" fill={`url(#${id}-cover)`} />
      <circle cx="52" cy="68" r="24" fill="#23232f" stroke="#161622" strokeWidth="4" />
      <circle cx="52" cy="62" r="8" fill="#fda4af" />
      <path d="M37 82a15 12 0 0 1 30 0" fill="#fda4af" />
      <rect x="86" y="72" width="92" height="9" rx="4.5" fill="#e2e8f0" />
      <rect x="86" y="86" width="56" height="7" rx="3.5" fill="#64748b" />
      <rect x="226" y="70" width="72" height="24" rx="12" fill="#e11d48" />
      <text x="262" y="86" textAnchor="middle" fontSize="10" fontWeight="600" fill="#fff" fontFamily="system-ui, sans-serif">
        Save
      </text>
      {/* the bio, being edited */}
      <text x="24" y="118" fontSize="9" fontWeight="600" fill="#94a3b8" fontFamily="system-ui, sans-serif" letterSpacing="1">
        BIO
      </text>
      <rect x="22" y="126" width="276" height="88" rx="10" fill="#0e0e16" stroke="#fb7185" strokeWidth="1.5" />
      <rect x="34" y="138" width="200" height="7" rx="3.5" fill="#475569" />
      <rect x="34" y="151" width="150" height="7" rx="3.5" fill="#475569" />
      <rect x="30" y="166" width="260" height="40" rx="6" fill="#fb7185" fillOpacity="0.14" />
      <text x="38" y="182" fontSize="10.5" fill="#fecdd3" fontFamily="ui-monospace, Menlo, monospace">
        {first}
      </text>
      <text x="38" y="198" fontSize="10.5" fill="#fecdd3" fontFamily="ui-monospace, Menlo, monospace">
        {second}
      </text>
      <rect x="288" y="188" width="1.5" height="13" fill="#fda4af" />
    </svg>
  );
}
