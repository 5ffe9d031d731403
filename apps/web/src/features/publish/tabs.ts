/**
 * The tabs of the publish page (docs/PRODUCT.md, Screens and routes), in the order they are shown:
 * the report kinds, then the verbatim export. The chosen tab is in the address (`?tab=`), so it can
 * be linked; a missing or unknown value opens the verbatim tab, which every processed media has.
 */
export const PUBLISH_TABS = ['summary', 'cra', 'cred', 'cri', 'verbatim'] as const;
export type PublishTab = (typeof PUBLISH_TABS)[number];
export const DEFAULT_TAB: PublishTab = 'verbatim';

export function tabFromSearch(value: string | null): PublishTab {
  return (PUBLISH_TABS as readonly string[]).includes(value ?? '') ? (value as PublishTab) : DEFAULT_TAB;
}
