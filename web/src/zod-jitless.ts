// Zod 4 probes `new Function('')` to decide whether to compile its parsers; under the portal's
// Content Security Policy (script-src 'self', no 'unsafe-eval') the probe is a reported violation.
// Imported first by main.tsx, before any schema parses.
import { config } from 'zod';

config({ jitless: true });
