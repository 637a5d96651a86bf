/**
 * Three customer stories shown on the home page. They are quotations, not
 * structured reviews: no Review or AggregateRating markup is made from them.
 */
export const testimonials = [
  {
    quote:
      "The home inspector flagged our old Federal Pacific panel two weeks before closing. Bayou Current had a new 200-amp panel installed and inspected in a single day, walked me through every breaker, and left the garage cleaner than they found it.",
    name: "Danielle R.",
    place: "Prairieville",
    service: "Panel upgrade",
  },
  {
    quote:
      "Half the house went dark during a storm on a Sunday night. A real person answered on the second ring and an electrician was at our door in under an hour. He found the burned connection, fixed it and charged exactly what he quoted.",
    name: "Marcus T.",
    place: "Denham Springs",
    service: "Emergency service",
  },
  {
    quote:
      "They wired our restaurant build-out around the health inspection schedule and worked nights so we could keep prepping. Clear pricing, clean work and a crew that actually returned calls. We use them for everything now.",
    name: "Renee B.",
    place: "Baton Rouge",
    service: "Commercial wiring",
  },
] as const;
