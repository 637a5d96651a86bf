import { Link } from "@remix-run/react";
import { Clock, Mail, MapPin, Phone, ShieldCheck, Siren } from "~/components/site/icons";
import { formatAddress, services, type OpeningHours } from "@app/shared/business";
import { Logo } from "./logo";
import { scrollToTopIfSamePage } from "./navigation";
import { SocialIcon } from "./social-icon";
import { useBusinessFacts, useBusinessYear } from "~/utils/business-facts";

const footerLink =
  "inline-flex min-h-11 items-center rounded-sm py-0.5 hover:text-white hover:underline underline-offset-4";

export function SiteFooter() {
  const business = useBusinessFacts();
  const year = useBusinessYear();
  return (
    <footer className="on-dark bg-brand-950 text-slate-300">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-14 sm:px-6 lg:grid-cols-[1.35fr_1fr_0.9fr_1.25fr]">
        <div className="col-span-2 lg:col-span-1">
          <Link to="/" onClick={() => scrollToTopIfSamePage("/")} className="inline-block rounded-md">
            <Logo inverse />
          </Link>
          <p className="mt-4 max-w-xs text-sm leading-6">
            {business.tagline}. Locally owned and serving the Capital Region since {business.foundedYear}.
          </p>
          <p className="mt-4 flex items-start gap-2 text-xs leading-5 text-slate-400">
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-300" />
            <span>Licensed and insured. {business.licence}.</span>
          </p>
          <ul className="mt-5 flex gap-3" aria-label="Social media">
            {business.social.map((s) => (
              <li key={s.name}>
                <a
                  href={s.url}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="flex size-11 items-center justify-center rounded-full bg-white/10 text-white hover:bg-accent-400 hover:text-slate-900"
                >
                  <SocialIcon name={s.name} />
                  <span className="sr-only">
                    {business.name} on {s.name} (opens in a new tab)
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>

        <nav aria-labelledby="footer-services-heading">
          <h2 id="footer-services-heading" className="text-sm font-bold uppercase tracking-wider text-white">
            Services
          </h2>
          <ul className="mt-3 text-sm">
            {services.map((s) => (
              <li key={s.slug}>
                <Link to={s.path} onClick={() => scrollToTopIfSamePage(s.path)} className={footerLink}>
                  {s.name}
                </Link>
              </li>
            ))}
            <li>
              <Link
                to="/services"
                onClick={() => scrollToTopIfSamePage("/services")}
                className={`${footerLink} font-semibold text-accent-300`}
              >
                All services
              </Link>
            </li>
          </ul>
        </nav>

        <nav aria-labelledby="footer-areas-heading">
          <h2 id="footer-areas-heading" className="text-sm font-bold uppercase tracking-wider text-white">
            Areas We Serve
          </h2>
          <ul className="mt-3 text-sm">
            {business.serviceAreas.map((area) => (
              <li key={area.name}>
                <Link to="/about#service-area" className={footerLink}>
                  {area.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <FooterContact />
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-5 text-xs text-slate-400 sm:flex-row sm:justify-between sm:px-6">
          <p>
            © {year} {business.legalName}. All rights reserved.
          </p>
          <p>Free estimates · Licensed &amp; insured · Proudly local to the Capital Region</p>
        </div>
      </div>
    </footer>
  );
}

/** The footer's ways to reach the office: phone, email, address, hours and emergencies. */
function FooterContact() {
  const business = useBusinessFacts();
  return (
    <div className="col-span-2 lg:col-span-1">
      <h2 className="text-sm font-bold uppercase tracking-wider text-white">Get in Touch</h2>
      <ul className="mt-4 space-y-3 text-sm">
        <li className="flex items-start gap-3">
          <Phone aria-hidden="true" className="mt-1 size-4 shrink-0 text-accent-300" />
          <a href={business.phoneHref} className={`${footerLink} font-semibold text-white`}>
            {business.phone}
          </a>
        </li>
        <li className="flex items-start gap-3">
          <Mail aria-hidden="true" className="mt-1 size-4 shrink-0 text-accent-300" />
          <a href={business.emailHref} className={`${footerLink} break-all`}>
            {business.email}
          </a>
        </li>
        <li className="flex items-start gap-3">
          <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0 text-accent-300" />
          <address className="not-italic leading-6">{formatAddress(business)}</address>
        </li>
        <li className="flex items-start gap-3">
          <Clock aria-hidden="true" className="mt-1 size-4 shrink-0 text-accent-300" />
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 leading-6">
            {business.hours.map((h) => (
              <div key={h.label} className="contents">
                <dt className="font-semibold text-slate-200">{shortDays(h)}</dt>
                <dd>{shortHours(h)}</dd>
              </div>
            ))}
          </dl>
        </li>
        <li className="flex items-start gap-3">
          <Siren aria-hidden="true" className="mt-1 size-4 shrink-0 text-accent-300" />
          <span className="leading-6">
            <span className="font-semibold text-white">Emergencies {business.emergency.available}.</span>{" "}
            {business.afterHoursCharges}.
          </span>
        </li>
      </ul>
    </div>
  );
}

/** "Monday"…"Friday" → "Mon–Fri": the footer's compact form of the opening hours. */
function shortDays(h: OpeningHours) {
  const first = h.days[0]!.slice(0, 3);
  const last = h.days[h.days.length - 1]!.slice(0, 3);
  return first === last ? first : `${first}–${last}`;
}

/** "07:00"–"18:00" → "7am–6pm"; closed days show their own wording. */
function shortHours(h: OpeningHours) {
  if (!h.opens || !h.closes) return h.hours;
  return `${clock(h.opens)}–${clock(h.closes)}`;
}

function clock(time: string) {
  const [hh = 0, mm = 0] = time.split(":").map(Number);
  const suffix = hh >= 12 ? "pm" : "am";
  const hour = hh % 12 === 0 ? 12 : hh % 12;
  return mm ? `${hour}:${String(mm).padStart(2, "0")}${suffix}` : `${hour}${suffix}`;
}
