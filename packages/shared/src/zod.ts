import { z } from "zod";

/**
 * zod, as every schema of the project imports it (the lint rule `no-restricted-imports` sees to it).
 * In the browser zod runs without its compiled parsers: it probes `new Function` when it builds an
 * object schema, and under the pages' CSP (no 'unsafe-eval') the browser reports that probe as a
 * violation even though zod catches the refusal. The server keeps them (they parse faster).
 */
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
