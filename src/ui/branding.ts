/** Product and provider names come from build configuration (docs/configuration.md: VITE_* variables). */
export const PRODUCT_NAME = (import.meta.env.VITE_PRODUCT_NAME as string | undefined) || 'Memorial';
export const PROVIDER_NAME =
  (import.meta.env.VITE_PROVIDER_NAME as string | undefined) || 'Prefeitura Municipal';
export const FOOTER_YEAR = 2025;
