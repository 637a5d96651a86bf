import { business } from "@app/shared/business";

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="font-bold text-white">{business.name}</p>
          <p className="mt-2 text-sm">{business.tagline}</p>
        </div>
        <div className="text-sm">
          <p>
            <a className="underline" href={business.phoneHref}>
              {business.phone}
            </a>
          </p>
          <p>
            <a className="underline" href={business.emailHref}>
              {business.email}
            </a>
          </p>
        </div>
        <ul className="text-sm">
          {business.social.map((s) => (
            <li key={s.name}>
              <a className="underline" href={s.url} rel="noopener noreferrer" target="_blank">
                {s.name}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
