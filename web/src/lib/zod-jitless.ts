import * as z from "@agency/core/contract/zod";

/**
 * Import this before any contract schema. Zod compiles object parsers with `new Function` unless
 * told not to, and probes for that ability when a schema is built; under the site's CSP
 * (`script-src 'self'`, no 'unsafe-eval') the probe is reported as a CSP violation even though zod
 * catches it. Jitless parsing is plenty fast for forms.
 */
z.config({ jitless: true });
