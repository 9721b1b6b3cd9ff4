/** Types of build-renderer.mjs, for the TypeScript that calls it (the bench). */
export declare const rendererDir: () => string;
export declare function rendererIsStale(): boolean;
export declare function buildRenderer(options?: { ifStale?: boolean }): Promise<void>;
export declare function buildRendererOrExit(): Promise<void>;
