/** The checkout's bundles of the web host and the local service (scripts/checkout-bundles.mjs). */
export type CheckoutBundleName = 'service' | 'web-host';
export declare function checkoutBundle(name: CheckoutBundleName): string;
export declare function checkoutBundleIsStale(name: CheckoutBundleName): boolean;
export declare function buildCheckoutBundle(name: CheckoutBundleName): Promise<string>;
export declare function checkoutBundleUrl(name: CheckoutBundleName): Promise<string>;
/** Builds every bundle that is stale, side by side. */
export declare function buildStaleCheckoutBundles(): Promise<void>;
