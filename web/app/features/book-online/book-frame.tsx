import { Link } from "@remix-run/react";
import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Alert } from "~/components/ui/alert";
import { buttonVariants } from "~/components/ui/button";
import { useBusinessFacts } from "~/utils/business-facts";

/** The frame of /book and its confirmation: the page's title band, then one card for the step. */
export function BookFrame({ children, problem }: { children?: ReactNode; problem?: string }) {
  const business = useBusinessFacts();
  return (
    <>
      <section className="bg-brand-900 text-white">
        <div className="mx-auto max-w-3xl px-4 py-10">
          <h1 className="text-3xl font-bold sm:text-4xl">Book online</h1>
          <p className="mt-2 text-brand-100">
            A licensed electrician at your door in the arrival window you choose. Rather talk?{" "}
            <a className="font-semibold text-white underline" href={business.phoneHref}>
              Call {business.phone}
            </a>
            .
          </p>
        </div>
      </section>
      <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
        <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          {problem ? <Problem message={problem} /> : children}
        </div>
      </div>
    </>
  );
}

/** Too many requests, or a confirmation that cannot be found: the message, and the ways on. */
function Problem({ message }: { message: string }) {
  return (
    <div className="space-y-4">
      <Alert tone="warning" role="alert" className="flex items-start gap-3 text-base">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <span>{message}</span>
      </Alert>
      <p>
        <Link to="/book" className={buttonVariants({ variant: "outline" })}>
          Start again
        </Link>
      </p>
    </div>
  );
}
