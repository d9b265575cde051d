/** The seller API (spec part 2 §7): every call of this remote goes under /seller, built with contracts' apiPath. */
export const AREA = 'seller' as const;
