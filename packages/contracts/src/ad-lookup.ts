/**
 * Most ads one lookup answers (`size`, one per advertiser): alone in its module, as the page
 * view imports it and nothing else of the ads' constants.
 */
export const AD_LOOKUP_MAX = 3;
