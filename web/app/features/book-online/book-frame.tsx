import type { ReactNode } from "react";
import { LinkProblem } from "~/features/appointments/manage-view";
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
        <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-8">
          {problem ? <Problem message={problem} /> : children}
        </div>
      </div>
    </>
  );
}

/** Too many requests, or a confirmation that cannot be found: the message, and the way on (the link pages' problem). */
function Problem({ message }: { message: string }) {
  return (
    <div className="space-y-4">
      <LinkProblem message={message} next={{ to: "/book", label: "Start again" }} />
    </div>
  );
}
