import { z } from 'zod';

// zod 4 probes `new Function('')` to speed up object parsing; our Content-Security-Policy forbids
// eval, so the probe would log a CSP violation on every page that validates. Parse without it.
z.config({ jitless: true });
