/**
 * zod compiles object parsers with `new Function` when it may; the Content-Security-Policy forbids
 * it (no 'unsafe-eval'), and even zod's guarded probe is reported as a violation. Parse without it.
 */
import { z } from 'zod';

z.config({ jitless: true });
