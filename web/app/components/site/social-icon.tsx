import { Share2 } from "~/components/site/icons";

/** Simple brand glyphs for the footer's social links (lucide ships no brand icons). Decorative: the link carries the name. */
export function SocialIcon({ name }: { name: string }) {
  const common = { viewBox: "0 0 24 24", "aria-hidden": true, focusable: "false" as const, className: "size-5" };
  switch (name.toLowerCase()) {
    case "facebook":
      return (
        <svg {...common} fill="currentColor">
          <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.9v3h2.6V21z" />
        </svg>
      );
    case "instagram":
      return (
        <svg {...common} fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
          <circle cx="12" cy="12" r="4" />
          <circle cx="17.2" cy="6.8" r="0.6" fill="currentColor" />
        </svg>
      );
    case "nextdoor":
      return (
        <svg {...common} fill="currentColor">
          <path d="M12 3.2 2.8 10.4l1.3 1.6L5.5 11v9h5v-5.5h3V20h5v-9l1.4 1 1.3-1.6z" />
        </svg>
      );
    default:
      return <Share2 aria-hidden="true" className="size-5" />;
  }
}
