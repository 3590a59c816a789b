/** What a visit pack keeps besides records (plans, lazily loaded code), loaded after a sync. */
export const loadPackExtras = () => import('./pack-extras');
