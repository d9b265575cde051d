/** Spec part 2 §9: the after-sale advice of the seller's three tabs. */
export const TAX_STRATEGIES = [
  { title: 'Installment Sale', text: 'Receive the price over several years and spread the capital gains tax over the years you are paid.' },
  { title: 'Qualified Small Business Stock', text: 'If you sold qualifying C-corporation stock held over five years, part or all of the gain may be excluded (Section 1202).' },
  { title: '1031 Like-Kind Exchange', text: 'Reinvesting proceeds from business real property into like-kind property can defer the gain on that property.' },
  { title: 'Charitable Remainder Trust', text: 'Placing assets in a charitable remainder trust before the sale can defer tax, pay you income and benefit a charity.' },
] as const;

export const RESOURCES = [
  { title: 'Tax Professional', text: 'A CPA or tax attorney who knows business sales: allocation of the price, state and federal returns, estimated payments.' },
  { title: 'Financial Planning', text: 'A fee-only financial planner to invest the proceeds and plan income for the years ahead.' },
  { title: 'Tax Software', text: 'Tax software can help with simple returns; a business sale usually deserves a professional review.' },
  { title: 'Legal Resources', text: 'Your attorney for the obligations that survive closing: non-compete, transition services, earn-outs and indemnities.' },
] as const;

export const NEXT_STEPS = [
  'See a tax professional within 30 days of closing.',
  'Reserve about 20-25% of capital gains for tax.',
  'Keep your closing documents and the purchase agreement in a safe place.',
  'Meet your transition obligations to the buyer (training, introductions, non-compete).',
  'Make estimated tax payments if your advisor recommends them.',
] as const;

/**
 * Spec part 2 §3, "After-sale sample figures (fixed, not real)": the Next Steps tab's example, labelled as one on screen.
 * The capital gain is net proceeds minus the original basis; the tax liability is the 20% end of the reserve below.
 */
export const SAMPLE_FIGURES = {
  salePrice: 485_000,
  netProceeds: 460_000,
  originalBasis: 150_000,
  holdingYears: 5,
  capitalGain: 310_000,
  taxLiability: 62_000,
} as const;
export const RESERVE_RANGE = [0.2, 0.25] as const;
