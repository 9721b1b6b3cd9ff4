// zod probes for eval() to speed up parsing; the CSP refuses it and reports the attempt. Imported
// first by main.tsx, so the setting is in place before any module builds a schema; the build keeps it
// in zod's own chunk (vite.config.ts), so that holds for the screens' chunks too.
import { z } from 'zod';

z.config({ jitless: true });
