/** The type check's compiler (scripts/typecheck.mjs): TypeScript 7's `tsc`. */
export declare const TSC: string;
/** The projects it checks, each on its own. */
export declare const PROJECTS: readonly string[];
