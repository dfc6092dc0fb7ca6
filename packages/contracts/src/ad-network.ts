/** The gateway's own path telling the page which third-party ad network to load (docs/product.md, Ads). */
export const AD_NETWORK_SETTING_PATH = '/api/ad-network';

/**
 * GET /api/ad-network: 200 with the network's script when one is configured (the gateway's
 * AD_NETWORK_SCRIPT_URL), 204 when none is: the page then loads nothing and shows no network slot.
 */
export interface AdNetworkSetting {
  scriptUrl: string;
}
