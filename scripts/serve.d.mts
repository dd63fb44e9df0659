/** The types of scripts/serve.mjs (plain JavaScript, so Node runs it without type stripping) for its tests. */
export declare const BUNDLE: string;
export declare function bundleIsCurrent(bundle?: string): boolean;
export declare function buildBundle(entry?: string, bundle?: string): Promise<void>;
