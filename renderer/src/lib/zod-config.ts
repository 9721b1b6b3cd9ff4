// zod probes for eval() to speed up parsing; the CSP refuses it and reports the attempt. Imported
// first by main.tsx, so the setting is in place before any module builds a schema.
import { z } from 'zod';

z.config({ jitless: true });
