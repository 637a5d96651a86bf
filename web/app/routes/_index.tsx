import { Link } from "@remix-run/react";
import { business } from "@app/shared/business";

export default function Home() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-4xl font-bold">{business.name}</h1>
      <p className="mt-4 text-lg">{business.tagline}</p>
      <Link to="/contact" className="mt-6 inline-block font-semibold text-brand-700 underline">
        Contact us
      </Link>
    </section>
  );
}
