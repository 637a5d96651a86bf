import { Link } from "@remix-run/react";
import { buttonVariants } from "~/components/ui/button";

/** Newer and Older between the pages of a staff list (newest first), when it has more than one. */
export function Pager({
  label,
  page,
  pages,
  href,
}: {
  label: string;
  page: number;
  pages: number;
  href: (page: number) => string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-3 flex justify-between gap-2">
      {page > 1 ? (
        <Link className={buttonVariants({ variant: "outline", size: "sm" })} to={href(page - 1)}>
          Newer
        </Link>
      ) : (
        <span />
      )}
      {page < pages ? (
        <Link className={buttonVariants({ variant: "outline", size: "sm" })} to={href(page + 1)}>
          Older
        </Link>
      ) : null}
    </nav>
  );
}
