/** The buyer API (spec part 2 §7): every call of this remote goes under /buyer, built with contracts' apiPath. */
export const AREA = 'buyer' as const;
